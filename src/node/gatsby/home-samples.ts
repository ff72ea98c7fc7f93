/** sourceNodes: the home page's samples, drawn by the docs' code-block pipeline, as `HomeSample` nodes it queries. */
import type { Actions, NodePluginArgs, Reporter } from 'gatsby';
import { readDocsVersions } from '../../config/docs-versions';
import type { SiteConfig } from '../../config/types';
import { lastVersionOf } from '../../contract/docs-versions';
import { digest, outputCache, type OutputCache } from '../build-cache';
import { HOME_SAMPLES, HOME_SAMPLES_FILE, sampleMdx, type HomeSample } from '../home-samples';
import { renderMdxToHtml, renderVersionOf } from '../render-mdx';
import { NODE_TYPES } from './schema';

/**
 * Each sample's HTML, kept across builds and dev starts by its MDX and docs version, and versioned by the code that
 * draws it: a start whose samples did not change renders none of them (that took 0.8 s of each one).
 */
export const homeSampleCache = outputCache<string>('home-sample', 'src/node/gatsby/home-samples.ts');

/** The home page's samples, their code compiled against the last version's release as its docs' samples are. */
export async function sourceHomeSamples(
  {
    actions,
    createNodeId,
    createContentDigest,
    reporter,
    samples = HOME_SAMPLES,
    sampleCache = homeSampleCache,
  }: {
    actions: Pick<Actions, 'createNode'>;
    createNodeId: NodePluginArgs['createNodeId'];
    createContentDigest: NodePluginArgs['createContentDigest'];
    reporter: Pick<Reporter, 'panic'>;
    samples?: readonly HomeSample[];
    sampleCache?: OutputCache<string>;
  },
  config: Pick<SiteConfig, 'docs' | 'sidebars'>,
): Promise<void> {
  const versions = readDocsVersions(config);
  const version = renderVersionOf(lastVersionOf(versions), versions);
  for (const sample of samples) {
    let html: string;
    try {
      const mdx = sampleMdx(sample);
      html = await sampleCache.get(digest(mdx, JSON.stringify(version)), () => renderMdxToHtml(mdx, `${HOME_SAMPLES_FILE} (${sample.name})`, version));
    } catch (error) {
      reporter.panic(`${(error as Error).message}\nFix the home page sample "${sample.name}" in ${HOME_SAMPLES_FILE}.`);
      return;
    }
    await actions.createNode({
      id: createNodeId(`${NODE_TYPES.homeSample} ${sample.name}`),
      name: sample.name,
      html,
      internal: { type: NODE_TYPES.homeSample, contentDigest: createContentDigest(html) },
    });
  }
}
