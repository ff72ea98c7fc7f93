import type { DocsVersionDropdownNavbarItem as Item } from '../../config/types';
import { useDocsPreferredVersion } from '../../theme-common/docs-preferred-version';
import { findDoc, useDocsVersion } from '../../theme-common/docs-version';
import Dropdown from './Dropdown';

/** Lists the docs versions (only "Next"); choosing one stores it as the preferred version. */
export default function DocsVersionDropdownNavbarItem(_: { item: Item }) {
  const version = useDocsVersion();
  const { preferredVersion, savePreferredVersionName } = useDocsPreferredVersion();
  const shown = preferredVersion ?? version;
  const versions = [version];
  return (
    <Dropdown
      label={shown.label}
      links={versions.map((v) => ({
        label: v.label,
        to: findDoc(v, v.mainDocId).path,
        current: v.name === shown.name,
        onSelect: () => savePreferredVersionName(v.name),
      }))}
    />
  );
}
