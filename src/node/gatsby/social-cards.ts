/**
 * Social cards in Gatsby: the site's identity once per process, the card style as a node every doc query reads (a
 * new logo or renderer re-runs the queries that name the cards, nothing else does), each doc's card URL for its
 * query, and the cards written after the build.
 */
import type { Actions, Reporter } from 'gatsby';
import { readDocsVersions, type DocsVersionMetadata } from '../../config/docs-versions';
import type { SiteConfig } from '../../config/types';
import { lastVersionOf, qualifiedDocId } from '../../contract/docs-versions';
import {
  cardIdentity,
  cardStyleVersion,
  docCardContent,
  planDocCards,
  planSocialCards,
  siteCardContent,
  socialCardPath,
  writeSocialCards,
  type CardIdentity,
  type PlannedCard,
} from '../social-card';
import type { DocEntry } from '../types';
import { publishedDocs } from './docs';
import { NODE_TYPES } from './schema';
import { fromRoot } from './site';
import type { CreateNodeId, GetNodesByType, MdxNodeLike } from './types';

type CardConfig = Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'themeConfig' | 'docs' | 'sidebars'>;

/** A docs version as its cards name it: the package and the release it documents. */
type CardVersion = Pick<DocsVersionMetadata, 'name' | 'packageName' | 'release' | 'isLast'>;

let identityOfSite: CardIdentity | undefined;
/** The identity of this site (site.config.ts, its logo, the last version's release), read once per process. */
export function siteCardIdentity(config: CardConfig): CardIdentity {
  const { packageName, release } = lastVersionOf(readDocsVersions(config));
  return (identityOfSite ??= cardIdentity(config, { release: { packageName, release } }));
}

/** The URL path of the card of the pages without their own (home, search, not found). */
export function siteCardPath(config: CardConfig): string {
  const identity = siteCardIdentity(config);
  return socialCardPath('/', siteCardContent(identity), cardStyleVersion(identity));
}

/** sourceNodes: the card style of this run as a node (unchanged style, unchanged digest: no query re-runs). */
export function sourceSocialCardStyle(
  { actions, createNodeId }: { actions: Pick<Actions, 'createNode'>; createNodeId: CreateNodeId },
  config: CardConfig,
): void {
  const version = cardStyleVersion(siteCardIdentity(config));
  actions.createNode({
    id: createNodeId(NODE_TYPES.socialCardStyle),
    version,
    parent: null,
    children: [],
    internal: { type: NODE_TYPES.socialCardStyle, contentDigest: version },
  });
}

const cardTextOf = (node: MdxNodeLike) => {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { title: text(node.frontmatter?.title) ?? '', description: text(node.frontmatter?.description) };
};

/** The identity a docs version's cards show: the site's, naming the package and release the version documents. */
export function versionCardIdentity(config: CardConfig, version: CardVersion): CardIdentity {
  const site = siteCardIdentity(config);
  return version.isLast ? site : { ...site, release: `${version.packageName} ${version.release}` };
}

/** The card style of a version's docs: the site's for the last version (the style node), its own identity's otherwise. */
const versionCardStyle = (config: CardConfig, version: CardVersion, siteStyle: string) =>
  version.isLast ? siteStyle : cardStyleVersion(versionCardIdentity(config, version));

/**
 * A doc's card URL from its MDX node and what the docs model stamped on it (its version and site-wide id, which the
 * card is named after), as its query gives it and as onPostBuild writes it.
 */
export function docSocialCardPath(
  node: MdxNodeLike,
  { version, qualifiedDocId: id }: { version: CardVersion; qualifiedDocId: string },
  config: CardConfig,
  style: string,
): string {
  const content = docCardContent(cardTextOf(node), versionCardIdentity(config, version));
  return socialCardPath(id, content, versionCardStyle(config, version, style));
}

/** The cards of a version's docs that have their MDX node, drawn with the version's identity. */
export function planVersionCards(
  version: CardVersion & { docs: readonly Pick<DocEntry, 'id' | 'file'>[] },
  mdxByFile: ReadonlyMap<string, MdxNodeLike>,
  config: CardConfig,
): PlannedCard[] {
  const entries = version.docs.flatMap((doc) => {
    const node = mdxByFile.get(doc.file);
    return node ? [{ id: qualifiedDocId(version.name, doc.id), file: doc.file, ...cardTextOf(node) }] : [];
  });
  return planDocCards(entries, versionCardIdentity(config, version));
}

/**
 * onPostBuild: the social card of every published doc and of the site, under public/ (drawn only when its text,
 * the site's identity or the renderer changed; otherwise from Gatsby's cache or the file already there).
 */
export async function writePublishedSocialCards({
  getNodesByType,
  reporter,
  config,
  publicDir = fromRoot('public'),
}: {
  getNodesByType: GetNodesByType;
  reporter: Pick<Reporter, 'panicOnBuild' | 'info'>;
  config: SiteConfig;
  publicDir?: string;
}): Promise<void> {
  const docs = publishedDocs(getNodesByType);
  if (!docs) return;
  // Every version createPages published (the last one alone before versions were published).
  const published: { versions?: ReadonlyArray<typeof docs.version>; version: typeof docs.version } = docs;
  const versions = published.versions ?? [docs.version];
  const started = Date.now();
  try {
    const cards = [...planSocialCards([], siteCardIdentity(config)), ...versions.flatMap((v) => planVersionCards(v, docs.mdxByFile, config))];
    const { written, drawn } = await writeSocialCards({ cards, publicDir });
    reporter.info(
      `Social cards: ${cards.length}, ${drawn} drawn, ${written - drawn} from the cache, ${cards.length - written} already written (${Date.now() - started} ms).`,
    );
  } catch (error) {
    reporter.panicOnBuild((error as Error).message);
  }
}
