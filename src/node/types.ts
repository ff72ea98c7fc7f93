/** Build-time data shapes of the docs model: version, docs, sidebars. Plain data only. */
import type { SidebarItem } from '../contract/navigation';

/** One MDX file as read from GraphQL, before the model is built. */
export interface DocSource {
  /** Repo-relative path of the MDX file, used in every error message: `content/docs/api/atom.mdx`. */
  file: string;
  /** Path under the docs content folder without extension: `api/atom`, `intro`. */
  id: string;
  title: string;
  description?: string | null;
  sidebarLabel?: string | null;
  sidebarPosition?: number | null;
  /** Route relative to the docs root; `/` makes the doc the main doc at `/docs`. */
  slug?: string | null;
  draft?: boolean | null;
}

/** A doc as the version knows it. */
export interface DocEntry {
  id: string;
  path: string;
  title: string;
  /** The sidebar that lists this doc, or null when none does. */
  sidebar: string | null;
  file: string;
}

export interface DocsVersion {
  name: string;
  label: string;
  /** The package release the version documents (`1.2.0-rc4`, `1.0.0-rc14`). */
  release: string;
  /** The package the release is of (`@rkrupinski/stan`). */
  packageName: string;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  isLast: boolean;
  path: string;
  mainDocId: string;
  mainDocPath: string;
  docs: DocEntry[];
  draftIds: string[];
  sidebars: Record<string, SidebarItem[]>;
  breadcrumbs: boolean;
}
