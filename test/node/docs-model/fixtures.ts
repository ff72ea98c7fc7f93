/** The docs of this site as the model reads them (not in sidebar order), and helpers to build a version of them. */
import siteConfig from '../../../site.config';
import type { SidebarItemConfig, SiteConfig } from '@src/config/types';
import { DocsModelError } from '@src/node/docs-model/errors';
import { buildDocsVersion, type ModelVersion } from '@src/node/docs-model/version';
import type { DocSource } from '@src/node/types';

export const doc = (id: string, title: string, extra: Partial<DocSource> = {}): DocSource => ({
  file: `content/docs/${id}.mdx`,
  id,
  title,
  ...extra,
});

/** Our 17 docs, deliberately not in sidebar order. */
export const sources: DocSource[] = [
  doc('guides/type-safety', 'Type safety', { sidebarPosition: 5 }),
  doc('api/utils', 'utils', { sidebarPosition: 8 }),
  doc('getting-started/examples', 'Examples', { sidebarPosition: 3 }),
  doc('intro', 'Introduction', { slug: '/', sidebarLabel: 'Intro' }),
  doc('api/atom', 'atom', { sidebarPosition: 1 }),
  doc('api/atomFamily', 'atomFamily', { sidebarPosition: 2 }),
  doc('api/selector', 'selector', { sidebarPosition: 3 }),
  doc('api/selectorFamily', 'selectorFamily', { sidebarPosition: 4 }),
  doc('api/state', 'state', { sidebarPosition: 5 }),
  doc('api/store', 'store', { sidebarPosition: 6 }),
  doc('api/react', 'React bindings', { sidebarPosition: 7, sidebarLabel: 'react' }),
  doc('getting-started/installation', 'Installation', { sidebarPosition: 1 }),
  doc('getting-started/frameworks', 'Frameworks', { sidebarPosition: 2 }),
  doc('guides/caching', 'Caching', { sidebarPosition: 1 }),
  doc('guides/error-handling', 'Error handling', { sidebarPosition: 2 }),
  doc('guides/param-serialization', 'Param serialization', { sidebarPosition: 3 }),
  doc('guides/ssr', 'SSR', { sidebarPosition: 4 }),
];

/** The current docs as src/config/docs-versions.ts reads them, with the sidebars of `config`. */
export const currentVersion = (config: Pick<SiteConfig, 'sidebars'> = siteConfig): ModelVersion => ({
  name: 'current',
  label: 'Next',
  release: '1.2.0-rc4',
  packageName: '@rkrupinski/stan',
  banner: 'none',
  badge: true,
  isLast: true,
  path: '/docs',
  contentDir: 'content/docs',
  sidebars: config.sidebars,
  sidebarsFile: 'site.config.ts',
});

export const build = (input: DocSource[] = sources, config: SiteConfig = siteConfig, includeDrafts = false) =>
  buildDocsVersion(input, currentVersion(config), { includeDrafts, breadcrumbs: config.docs.breadcrumbs });

export const withSidebar = (items: SidebarItemConfig[]): SiteConfig => ({ ...siteConfig, sidebars: { docs: items } });

/** The order a reader meets the docs in the sidebar. */
export const readingOrder = [
  'intro',
  'getting-started/installation',
  'getting-started/frameworks',
  'getting-started/examples',
  'api/atom',
  'api/atomFamily',
  'api/selector',
  'api/selectorFamily',
  'api/state',
  'api/store',
  'api/react',
  'api/utils',
  'guides/caching',
  'guides/error-handling',
  'guides/param-serialization',
  'guides/ssr',
  'guides/type-safety',
];

export const errorOf = (fn: () => unknown): DocsModelError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DocsModelError) return error;
    throw error;
  }
  throw new Error('expected a DocsModelError');
};
