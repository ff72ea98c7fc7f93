/** sourceNodes: the home page's samples, drawn by the docs' code-block pipeline, as `HomeSample` nodes it queries. */
import type { Actions, NodePluginArgs, Reporter } from 'gatsby';
import { readDocsVersions } from '../../config/docs-versions';
import type { SiteConfig } from '../../config/types';
import { lastVersionOf } from '../../contract/docs-versions';
import { HOME_SAMPLES, HOME_SAMPLES_FILE, sampleMdx, type HomeSample } from '../home-samples';
import { renderMdxToHtml, renderVersionOf } from '../render-mdx';
import { NODE_TYPES } from './schema';

/** The home page's samples, their code compiled against the last version's release as its docs' samples are. */
export async function sourceHomeSamples(
  {
    actions,
    createNodeId,
    createContentDigest,
    reporter,
    samples = HOME_SAMPLES,
  }: {
    actions: Pick<Actions, 'createNode'>;
    createNodeId: NodePluginArgs['createNodeId'];
    createContentDigest: NodePluginArgs['createContentDigest'];
    reporter: Pick<Reporter, 'panic'>;
    samples?: readonly HomeSample[];
  },
  config: Pick<SiteConfig, 'docs' | 'sidebars'>,
): Promise<void> {
  const versions = readDocsVersions(config);
  const version = renderVersionOf(lastVersionOf(versions), versions);
  for (const sample of samples) {
    let html: string;
    try {
      html = await renderMdxToHtml(sampleMdx(sample), `${HOME_SAMPLES_FILE} (${sample.name})`, version);
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
