import { useEffect, useState } from 'react';
import { Link, graphql, useStaticQuery } from 'gatsby';
import { versionOfRoute } from '../../contract/docs-versions';
import { useDocsVersions } from '../../theme-common/docs-version';
import { sameAddressInVersions, useDocsVersionsManifest } from '../../theme-common/docs-versions-manifest';
import { navigateTo } from '../../theme-common/navigate';
import { stripHtmlSuffix } from '../../theme-common/route-utils';
import SearchBar from '../SearchBar';
import * as styles from './styles.module.css';

/** Paths of every page the site built, for the .html fallback below. */
function useKnownPaths(): Set<string> {
  const data = useStaticQuery<Queries.KnownPathsQuery>(graphql`
    query KnownPaths {
      allSitePage {
        nodes {
          path
        }
      }
    }
  `);
  return new Set(data.allSitePage.nodes.map((n) => n.path));
}

/**
 * The not-found page: ways back into the docs (of the version the missing address was in) and, for an address inside
 * a docs version, the same address in every other version that has a page there.
 */
export default function NotFound({ pathname }: { pathname: string }) {
  const known = useKnownPaths();
  const versions = useDocsVersions();
  // Asked for only inside the docs of a site with several versions; the list appears once it has arrived.
  const manifest = useDocsVersionsManifest(versions.length > 1 && versionOfRoute(pathname, versions) !== null);
  const sameAddress = manifest ? sameAddressInVersions(pathname, versions, manifest) : [];
  // The docs links lead into the version the missing address was in; set after hydration, as the HTML is shared.
  const [docsBase, setDocsBase] = useState('/docs');
  useEffect(() => setDocsBase(versionOfRoute(pathname, versions)?.path ?? '/docs'), [pathname, versions]);
  useEffect(() => {
    // A trailing index.html or .html is stripped when no exact route matches.
    const stripped = stripHtmlSuffix(pathname);
    if (stripped && known.has(stripped)) {
      navigateTo(`${stripped}${window.location.search}${window.location.hash}`, { replace: true });
    }
  }, [pathname, known]);

  return (
    <div className={styles.notFound}>
      <h1 className={styles.title}>Page not found</h1>
      <p>We could not find anything at this address. The page may have moved, or the link may be mistyped.</p>
      {sameAddress.length > 0 ? (
        <div className={styles.otherVersions} data-same-address="">
          <p>This address has a page in {sameAddress.length === 1 ? 'another version' : 'other versions'} of the docs:</p>
          <ul className={styles.links}>
            {sameAddress.map((other) => (
              <li key={other.name}>
                <Link to={other.path}>
                  {other.label}
                  {other.latest ? ' (latest)' : ''}: {other.path}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.search}>
        <p>Search the docs for what you were looking for:</p>
        <SearchBar />
      </div>
      <ul className={styles.links}>
        <li>
          <Link to={docsBase}>Read the introduction</Link>
        </li>
        <li>
          <Link to={`${docsBase}/getting-started/installation`}>Install Stan</Link>
        </li>
        <li>
          <Link to={`${docsBase}/api/atom`}>Browse the API reference</Link>
        </li>
        <li>
          <Link to="/">Go to the home page</Link>
        </li>
      </ul>
    </div>
  );
}
