/** One doc's breadcrumbs and previous/next links, from where its version's sidebar lists it. */
import type { Breadcrumb, DocNavigation, PaginatorLink, SidebarItem } from '../../contract/navigation';
import type { DocsVersion } from '../types';
import { DocsModelError } from './errors';
import { getSidebar, idByRouteOf, listedDocIds } from './sidebars';

interface Located {
  /** Categories from the outermost to the one holding the doc. */
  ancestors: Array<Extract<SidebarItem, { type: 'category' }>>;
  label: string;
}

/** Finds where the doc sits: as a link item, else as the link target of a category. */
function locate(items: readonly SidebarItem[], docId: string, route: string): Located | null {
  let categoryHit: Located | null = null;
  const walk = (list: readonly SidebarItem[], ancestors: Located['ancestors']): Located | null => {
    for (const item of list) {
      if (item.type === 'link') {
        if (item.docId === docId) return { ancestors, label: item.label };
        continue;
      }
      if (item.href === route && categoryHit === null) categoryHit = { ancestors, label: item.label };
      const found = walk(item.items, [...ancestors, item]);
      if (found) return found;
    }
    return null;
  };
  return walk(items, []) ?? categoryHit;
}

/** Breadcrumbs and previous/next links of one doc. */
export function getDocNavigation(version: DocsVersion, docId: string): DocNavigation {
  const doc = version.docs.find((d) => d.id === docId);
  if (!doc) {
    throw new DocsModelError(`Doc "${docId}" is not in docs version "${version.name}".`);
  }
  if (doc.sidebar === null) return { breadcrumbs: [], previous: null, next: null };
  const sidebar = getSidebar(version, doc.sidebar);

  const location = locate(sidebar, doc.id, doc.path);
  const breadcrumbs: Breadcrumb[] =
    !version.breadcrumbs || doc.id === version.mainDocId || location === null
      ? []
      : [...location.ancestors.map((c) => ({ label: c.label, href: c.href })), { label: location.label }];

  const order = listedDocIds(sidebar, idByRouteOf(version));
  const index = order.indexOf(doc.id);
  const paginatorLink = (id: string | undefined): PaginatorLink | null => {
    const target = version.docs.find((d) => d.id === id);
    if (!target) return null;
    return { title: locate(sidebar, target.id, target.path)?.label ?? target.title, href: target.path };
  };
  return {
    breadcrumbs,
    previous: index > 0 ? paginatorLink(order[index - 1]) : null,
    next: index >= 0 ? paginatorLink(order[index + 1]) : null,
  };
}
