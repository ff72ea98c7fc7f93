import { useEffect, useState } from 'react';
import { Link } from 'gatsby';
import { MISSING_PAGE_PARAM } from '../../theme-common/doc-in-versions';
import { useDocsPreferredVersion } from '../../theme-common/docs-preferred-version';
import { lastVersionOf, useDocsVersions } from '../../theme-common/docs-version';
import * as styles from './styles.module.css';

export interface DocVersionBannerProps {
  /** The version of the doc being read. */
  versionName: string;
  /** The same doc in the last version, else the last version's main doc. */
  lastVersionDocPath: string;
  /** The page address's query: the version menu's link to a version that lacks the page carries MISSING_PAGE_PARAM. */
  locationSearch: string;
}

/** What the banner says of a version configured with a banner, by kind. */
const BANNER_TEXT = {
  unmaintained: { name: 'Older version', says: 'an older release that is no longer maintained', short: 'is no longer maintained' },
  unreleased: { name: 'Unreleased version', says: 'a version not released yet: what they say may still change', short: 'is not released yet' },
} as const;

/**
 * What a doc says about its docs version, above it. On arrival from the version menu at a version that lacks the page
 * the reader was on, that the page is not there (said once: the parameter leaves the address, so a reload or a copied
 * address does not say it again; shown once the page runs in the browser, as its HTML is the same for every address).
 * On a version configured with a banner, 'unmaintained' says the page documents an older release no longer maintained,
 * 'unreleased' that it documents a version not released yet; either links the same page in the last version (choosing
 * it makes the last version preferred) unless the page is in the last version already.
 */
export default function DocVersionBanner({ versionName, lastVersionDocPath, locationSearch }: DocVersionBannerProps) {
  const versions = useDocsVersions();
  const { savePreferredVersionName } = useDocsPreferredVersion();
  const [missingPage, setMissingPage] = useState(false);
  useEffect(() => {
    const params = new URLSearchParams(locationSearch);
    if (!params.has(MISSING_PAGE_PARAM)) return;
    setMissingPage(true);
    params.delete(MISSING_PAGE_PARAM);
    const search = params.toString();
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search ? `?${search}` : ''}${hash}`);
  }, [locationSearch]);

  const version = versions.find((v) => v.name === versionName);
  const last = lastVersionOf(versions);
  const text = version && version.banner !== 'none' ? BANNER_TEXT[version.banner] : null;
  const toLast = { to: lastVersionDocPath, onClick: () => savePreferredVersionName(last.name) };
  return (
    <>
      {/* A live region from the start, so the sentence is announced as it appears. */}
      <p className={styles.missingPage} role="status">
        {missingPage && version ? `The page you were reading is not in the ${version.label} docs, so this is their first page.` : null}
      </p>
      {version && text ? (
        <div className={styles.banner} role="note" aria-label={text.name} data-version-banner={version.banner}>
          <p className={styles.text}>
            These docs describe <strong>{version.release || version.label}</strong>, {text.says}.
          </p>
          {version.name === last.name ? null : (
            <p className={styles.text}>
              <Link {...toLast}>Read this page in the latest docs ({last.label})</Link>
            </p>
          )}
          {/* The wording of a phone's first screen, in one line (styles.module.css shows one wording or the other). */}
          <p className={styles.text}>
            <strong>{version.release || version.label}</strong> {text.short}.
            {version.name === last.name ? null : (
              <>
                {' '}
                <Link {...toLast}>Latest docs</Link>
              </>
            )}
          </p>
        </div>
      ) : null}
    </>
  );
}
