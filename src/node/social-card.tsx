/**
 * Social cards: one 1200×630 PNG per doc (and one for the pages without their own) with the page's title and
 * description and the site's identity, drawn at build time: an element tree → satori (SVG, fonts from
 * @fontsource/inter, no network) → resvg (PNG). A card's file name carries a digest of everything it is drawn
 * from, so its URL changes exactly when its picture does and hosts may cache it for a year.
 */
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import type { ReactElement } from 'react';
import satori from 'satori';
import { renderAsync } from '@resvg/resvg-js';
import { SOCIAL_CARD_DIR, SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from '../contract/social-card';
import type { SiteConfig } from '../config/types';
import { CodeScope, digest, OutputCache } from './build-cache';

/** The site as every card shows it. */
export interface CardIdentity {
  siteName: string;
  tagline: string;
  /** Package and release the docs cover (`@rkrupinski/stan 1.2.0-rc4`). */
  release: string;
  /** The site's host name (`stan.party`). */
  host: string;
  /** The logo as a data: URL, or null to draw the site's initial instead. */
  logo: string | null;
}

/** What one card shows. */
export interface SocialCardContent {
  title: string;
  description: string | null;
  /** Shown in the footer; the site's own card leaves it out (its title is the tagline). */
  tagline: string | null;
  identity: CardIdentity;
}

type FontWeight = 400 | 700;
export interface CardFont {
  name: string;
  data: Buffer;
  weight: FontWeight;
  style: 'normal';
}

const FONT_FAMILY = 'Inter';

/** Inter's Latin subset in the two weights the card uses (satori reads WOFF, not WOFF2). */
export function loadCardFonts(root: string = process.cwd()): CardFont[] {
  // The package exports only its CSS; the font files sit beside its index.css.
  const dir = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('@fontsource/inter')), 'files');
  return ([400, 700] as const).map((weight) => ({
    name: FONT_FAMILY,
    data: fs.readFileSync(path.join(dir, `inter-latin-${weight}-normal.woff`)),
    weight,
    style: 'normal',
  }));
}

// Colours with at least 7:1 contrast on the white card, so a thumbnail stays legible.
const COLOURS = { background: '#ffffff', title: '#0f172a', text: '#334155', brand: '#2748b3', band: '#2748b3' };

// Satori lays out every character it is given; text far past what three lines hold is cut here first.
const MAX_TITLE_CHARS = 120;
const MAX_DESCRIPTION_CHARS = 260;

/** The text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function clampText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** Large type for short titles, smaller for long ones, so most fit in two lines and none exceed three. */
export function titleFontSize(title: string): number {
  if (title.length <= 24) return 88;
  if (title.length <= 48) return 72;
  return 58;
}

/** The card as an element tree satori lays out (flexbox only; every element with children says so). */
export function socialCardTree({ title, description, tagline, identity }: SocialCardContent): ReactElement {
  const shownTitle = clampText(title, MAX_TITLE_CHARS);
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: COLOURS.background,
        fontFamily: FONT_FAMILY,
        color: COLOURS.text,
      }}
    >
      <div style={{ display: 'flex', height: 16, background: COLOURS.band }} />
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: '56px 72px 48px' }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <div style={{ display: 'flex', alignItems: 'center' }}>
            {identity.logo ? (
              <img src={identity.logo} width={72} height={72} style={{ marginRight: 24 }} />
            ) : (
              <div
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: 72,
                  height: 72,
                  marginRight: 24,
                  borderRadius: 16,
                  background: COLOURS.brand,
                  color: '#ffffff',
                  fontSize: 44,
                  fontWeight: 700,
                }}
              >
                {identity.siteName.slice(0, 1).toUpperCase()}
              </div>
            )}
            <div style={{ display: 'flex', fontSize: 48, fontWeight: 700, color: COLOURS.title }}>{identity.siteName}</div>
          </div>
          <div style={{ display: 'flex', fontSize: 28, color: COLOURS.text }}>{identity.release}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>
          <div
            style={{
              display: 'block',
              fontSize: titleFontSize(shownTitle),
              fontWeight: 700,
              lineHeight: 1.1,
              letterSpacing: -1,
              color: COLOURS.title,
              lineClamp: 3,
            }}
          >
            {shownTitle}
          </div>
          {description ? (
            <div style={{ display: 'block', marginTop: 28, fontSize: 34, lineHeight: 1.35, color: COLOURS.text, lineClamp: 3 }}>
              {clampText(description, MAX_DESCRIPTION_CHARS)}
            </div>
          ) : null}
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 28 }}>
          <div style={{ display: 'flex', color: COLOURS.text }}>{tagline ?? ''}</div>
          <div style={{ display: 'flex', fontWeight: 700, color: COLOURS.brand }}>{identity.host}</div>
        </div>
      </div>
    </div>
  );
}

/**
 * The card as a PNG of SOCIAL_CARD_WIDTH × SOCIAL_CARD_HEIGHT pixels. resvg rasterises on libuv's thread pool, so
 * the next card's layout runs on the main thread meanwhile.
 */
export async function renderSocialCard(content: SocialCardContent, fonts: CardFont[]): Promise<Buffer> {
  const svg = await satori(socialCardTree(content), { width: SOCIAL_CARD_WIDTH, height: SOCIAL_CARD_HEIGHT, fonts });
  return (await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })).asPng();
}

/** Cards drawn at once: layout on the main thread, rasterising on the thread pool (4 threads by default). */
export const CARDS_DRAWN_AT_ONCE = 4;

/** The code that draws a card (this module and what it imports); with the installed packages it makes its version. */
export const cardCode = new CodeScope(['src/node/social-card.tsx']);

/** The version of the card renderer, computed once per process. */
export const currentCardCodeVersion = () => cardCode.version();

/**
 * The version every card of a site is drawn under: the renderer's code and packages and the site's identity.
 * Each card's file name digests it with the card's own text.
 */
export function cardStyleVersion(identity: CardIdentity, codeVersion: string = currentCardCodeVersion()): string {
  return digest(codeVersion, JSON.stringify(identity));
}

/** `/docs/api/atom` → `docs-api-atom`; the site's own card is `site`. */
export function cardSlug(route: string): string {
  const slug = route.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug || 'site';
}

/** The card's URL path: its route's slug and a digest of everything it is drawn from. */
export function socialCardPath(route: string, content: Pick<SocialCardContent, 'title' | 'description' | 'tagline'>, styleVersion: string): string {
  const key = digest(styleVersion, content.title, content.description ?? '', content.tagline ?? '').slice(0, 12);
  return `${SOCIAL_CARD_DIR}/${cardSlug(route)}.${key}.png`;
}

/** A doc's card: its title and frontmatter description (none: the card shows the title alone) with the tagline. */
export function docCardContent(doc: { title: string; description?: string | null }, identity: CardIdentity): SocialCardContent {
  return { title: doc.title, description: doc.description || null, tagline: identity.tagline, identity };
}

/** The card of the pages without their own (home, search, not found): the tagline as its title. */
export function siteCardContent(identity: CardIdentity): SocialCardContent {
  return { title: identity.tagline, description: null, tagline: null, identity };
}

const DATA_URL_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/**
 * The site's identity from the config: its name, tagline and host, the navbar logo (read from static/) and the
 * release of the package the docs cover.
 * @throws Error naming the logo file when it is missing or of a kind the card cannot draw.
 */
export function cardIdentity(
  config: Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'themeConfig'>,
  { root = process.cwd(), release }: { root?: string; release: { packageName: string; release: string } },
): CardIdentity {
  const src = config.themeConfig.navbar.logo?.src;
  let logo: string | null = null;
  if (src) {
    const file = path.join(root, 'static', src);
    const type = DATA_URL_TYPES[path.extname(file).toLowerCase()];
    if (!type || !fs.existsSync(file)) {
      throw new Error(
        `static${src}: the social cards draw the navbar logo, and this file ${type ? 'is missing' : 'is not SVG, PNG or JPEG'}. ` +
          'Fix: add the file, or point themeConfig.navbar.logo.src in site.config.ts at one that exists.',
      );
    }
    logo = `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
  }
  return {
    siteName: config.title,
    tagline: config.tagline,
    release: `${release.packageName} ${release.release}`,
    host: new URL(config.url).host,
    logo,
  };
}

/** Drawn cards (PNG, base64) kept across builds, keyed by their file name (which digests everything drawn). */
export const socialCardCache = new OutputCache<string>('social-card', cardCode);

/** A card the build writes: where, and what it shows. */
export interface PlannedCard {
  src: string;
  content: SocialCardContent;
  /** The doc file the card is drawn for, as errors name it. */
  file?: string;
}

type CardDoc = { id: string; title: string; description?: string | null; file?: string };

/** One card per doc (named after its site-wide id), as the doc queries name them. */
export function planDocCards(docs: ReadonlyArray<CardDoc>, identity: CardIdentity, style: string = cardStyleVersion(identity)): PlannedCard[] {
  return docs.map((doc) => {
    const content = docCardContent(doc, identity);
    return { src: socialCardPath(doc.id, content, style), content, file: doc.file };
  });
}

/** The site's card and one per doc, named as the doc queries name them. */
export function planSocialCards(docs: ReadonlyArray<CardDoc>, identity: CardIdentity, style: string = cardStyleVersion(identity)): PlannedCard[] {
  const site = siteCardContent(identity);
  return [{ src: socialCardPath('/', site, style), content: site }, ...planDocCards(docs, identity, style)];
}

/**
 * Writes each planned card under `publicDir` (a file already there is kept: its name says what it shows; else
 * drawn, or taken from the cache) and removes the cards of earlier builds. Returns how many were drawn.
 */
export async function writeSocialCards({
  cards,
  publicDir,
  fonts = () => loadCardFonts(),
}: {
  cards: PlannedCard[];
  publicDir: string;
  fonts?: () => CardFont[];
}): Promise<{ written: number; drawn: number }> {
  const dir = path.join(publicDir, SOCIAL_CARD_DIR);
  fs.mkdirSync(dir, { recursive: true });
  let loaded: CardFont[] | undefined;
  let written = 0;
  let drawn = 0;
  const missing = cards.filter((card) => !fs.existsSync(path.join(publicDir, card.src)));
  let next = 0;
  const writeNext = async (): Promise<void> => {
    while (next < missing.length) {
      const card = missing[next++] as PlannedCard;
      const png = await socialCardCache.get(card.src, async () => {
        drawn += 1;
        try {
          return (await renderSocialCard(card.content, (loaded ??= fonts()))).toString('base64');
        } catch (error) {
          throw new Error(`${card.file ?? 'the site'}: its social card could not be drawn (${(error as Error).message}). Fix: check the title and description in its frontmatter.`);
        }
      });
      fs.writeFileSync(path.join(publicDir, card.src), Buffer.from(png, 'base64'));
      written += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CARDS_DRAWN_AT_ONCE, missing.length) }, writeNext));
  const kept = new Set(cards.map((card) => path.basename(card.src)));
  for (const name of fs.readdirSync(dir)) {
    if (!kept.has(name)) fs.rmSync(path.join(dir, name), { force: true });
  }
  return { written, drawn };
}
