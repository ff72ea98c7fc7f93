/**
 * Social cards in Gatsby: the site's identity once per process, the card style as a node every doc query reads (a
 * new logo or renderer re-runs the queries that name the cards, nothing else does), each doc's card URL for its
 * query, and the cards written after the build.
 */
import type { Actions, Reporter } from 'gatsby';
import type { SiteConfig } from '../../config/types';
import { installedPackage } from '../doc-checks';
import {
  cardIdentity,
  cardStyleVersion,
  docCardContent,
  planSocialCards,
  siteCardContent,
  socialCardPath,
  writeSocialCards,
  type CardIdentity,
} from '../social-card';
import { docIdOf, publishedDocs } from './docs';
import { NODE_TYPES } from './schema';
import { fromRoot } from './site';
import type { CreateNodeId, GetNodesByType, MdxNodeLike } from './types';

type CardConfig = Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'themeConfig'>;

let identityOfSite: CardIdentity | undefined;
/** The identity of this site (site.config.ts, its logo, the installed release), read once per process. */
export function siteCardIdentity(config: CardConfig): CardIdentity {
  return (identityOfSite ??= cardIdentity(config, { release: installedPackage() }));
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

/** A doc's card URL from its MDX node, as its query gives it and as onPostBuild writes it. */
export function docSocialCardPath(node: MdxNodeLike, config: CardConfig & Pick<SiteConfig, 'docs'>, style: string): string {
  const id = docIdOf(node.internal.contentFilePath ?? node.id, config);
  return socialCardPath(id, docCardContent(cardTextOf(node), siteCardIdentity(config)), style);
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
  const entries = docs.version.docs.flatMap((doc) => {
    const node = docs.mdxByFile.get(doc.file);
    return node ? [{ id: doc.id, file: doc.file, ...cardTextOf(node) }] : [];
  });
  const started = Date.now();
  try {
    const cards = planSocialCards(entries, siteCardIdentity(config));
    const { written, drawn } = await writeSocialCards({ cards, publicDir });
    reporter.info(
      `Social cards: ${cards.length}, ${drawn} drawn, ${written - drawn} from the cache, ${cards.length - written} already written (${Date.now() - started} ms).`,
    );
  } catch (error) {
    reporter.panicOnBuild((error as Error).message);
  }
}
