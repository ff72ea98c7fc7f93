import { Link } from 'gatsby';
import { useActiveDocsVersion, useDocsPreferredVersion } from '../../theme-common/docs-preferred-version';
import { lastVersionOf, useDocsVersions } from '../../theme-common/docs-version';
import * as styles from './styles.module.css';

export interface DocVersionBannerProps {
  /** The version of the doc being read (by default, the version of the page's route). */
  versionName?: string;
  /** The same doc in the last version, else (and by default) the last version's main doc. */
  lastVersionDocPath?: string;
}

/**
 * Above a doc of a version configured with the 'unmaintained' banner: says the page documents an older release no
 * longer maintained and links the same page in the last version (choosing it makes the last version preferred).
 * Nothing for any other version.
 */
export default function DocVersionBanner({ versionName, lastVersionDocPath }: DocVersionBannerProps) {
  const versions = useDocsVersions();
  const active = useActiveDocsVersion();
  const { savePreferredVersionName } = useDocsPreferredVersion();
  const version = versionName === undefined ? active : versions.find((v) => v.name === versionName);
  if (!version || version.banner !== 'unmaintained') return null;
  const last = lastVersionOf(versions);
  const lastRelease = last.release ? `${last.label}, release ${last.release}` : last.label;
  const release = <strong>{version.release || version.label}</strong>;
  const toLast = { to: lastVersionDocPath ?? last.mainDocPath, onClick: () => savePreferredVersionName(last.name) };
  return (
    <div className={styles.banner} role="note" aria-label="Older version">
      <p className={styles.text}>These docs describe {release}, an older release that is no longer maintained.</p>
      <p className={styles.text}>
        <Link {...toLast}>Read this page in the latest docs ({lastRelease})</Link>
      </p>
      {/* The wording of a phone's first screen, in one line (styles.module.css shows one wording or the other). */}
      <p className={styles.text}>
        {release} is no longer maintained. <Link {...toLast}>Latest docs</Link>
      </p>
    </div>
  );
}
