import { useEffect } from 'react';
import { sameDocIn, versionOfRoute } from '../../contract/docs-versions';
import type { DocsVersionDropdownNavbarItem as Item } from '../../config/types';
import { useDocsPreferredVersion, useDocsVersionCandidate } from '../../theme-common/docs-preferred-version';
import { useDocsVersions } from '../../theme-common/docs-version';
import { usePageRoute } from '../../theme-common/page-route';
import { docIdOfRoute, useDocsVersionsManifest } from './docs-versions-manifest';
import Dropdown from './Dropdown';

/**
 * The menu of docs versions (loaded when the reader reaches for it): each version links to the page being read in
 * that version, else that version's first doc; choosing one stores it as the preferred version. The routes of every
 * doc come from the build's manifest, fetched on the reader's first intent; until then (or if it fails) each link
 * opens that version's main doc.
 */
export default function DocsVersionMenu({ item }: { item: Item }) {
  const versions = useDocsVersions();
  const route = usePageRoute();
  const shown = useDocsVersionCandidate();
  const { savePreferredVersionName } = useDocsPreferredVersion();
  const { status, manifest, request } = useDocsVersionsManifest();
  // This code loads only once the reader has reached for the menu: that reach asks for the manifest too.
  useEffect(request, [request]);

  const active = route === null ? null : versionOfRoute(route, versions);
  const docId = manifest && active && route !== null ? docIdOfRoute(manifest, active.name, route) : null;
  // The last version (the newest docs) first, then the others in the build's order (newest first).
  const ordered = [...versions.filter((v) => v.isLast), ...versions.filter((v) => !v.isLast)];
  return (
    <Dropdown
      label={
        <>
          <span className="visually-hidden">Docs version: </span>
          {shown.label}
        </>
      }
      alignEnd={item.position === 'right'}
      onIntent={request}
      note={
        status === 'failed'
          ? 'Could not look this page up in the other versions, so each link opens that version’s first page.'
          : null
      }
      links={ordered.map((v) => ({
        label: v.isLast ? `${v.label} (latest)` : v.label,
        to: (manifest ? sameDocIn(manifest, v.name, docId) : null) ?? v.mainDocPath,
        current: v.name === shown.name,
        onSelect: () => savePreferredVersionName(v.name),
      }))}
    />
  );
}
