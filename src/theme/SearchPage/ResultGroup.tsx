/** One page of the /search results: its category, its linked title, its summary and its matching sections. */
import { Fragment } from 'react';
import { Link } from 'gatsby';
import { relativeHitUrl } from '../../search/config';
import { highlightParts } from '../../search/highlight-nodes';
import { breadcrumbs, hitTitle, titleLevel, type PageGroup } from './results';
import * as styles from './styles.module.css';

/** A highlighted value as React text: only the highlight marks become elements, never the value's HTML. */
export function Highlighted({ value }: { value: string | undefined | null }) {
  if (!value) return null;
  return (
    <>
      {highlightParts(value).map((part, i) =>
        part.highlighted ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}

interface ResultGroupProps {
  group: PageGroup;
  /** Told the address of each result the reader follows. */
  onChoose: (url: string) => void;
}

export function ResultGroup({ group, onChoose }: ResultGroupProps) {
  return (
    <section className={styles.group} aria-labelledby={`group-${group.url}`} data-search-page="">
      {group.category ? (
        <p className={styles.category}>
          <Highlighted value={group.category} />
        </p>
      ) : null}
      <h2 id={`group-${group.url}`} className={styles.groupTitle}>
        <Link to={group.url} onClick={() => onChoose(group.url)}>
          <Highlighted value={group.title} />
        </Link>
      </h2>
      {group.summary ? (
        <p className={styles.summary}>
          <Highlighted value={group.summary} />
        </p>
      ) : null}
      {group.sections.length > 0 ? (
        <ol className={styles.hits}>
          {group.sections.map((hit) => {
            const crumbs = breadcrumbs(hit);
            const to = relativeHitUrl(hit.url ?? group.url);
            return (
              <li key={hit.objectID} className={styles.hit} data-search-hit="">
                {crumbs.length > 0 ? (
                  <ol className={styles.crumbs} aria-label="Location">
                    {crumbs.map((crumb, i) => (
                      <li key={i}>
                        <Highlighted value={crumb} />
                      </li>
                    ))}
                  </ol>
                ) : null}
                {/* Text before the page's first heading: the page title above already links to it. */}
                {titleLevel(hit) === 'lvl1' ? null : (
                  <Link className={styles.hitLink} to={to} onClick={() => onChoose(to)}>
                    <Highlighted value={hitTitle(hit)} />
                  </Link>
                )}
                {hit.type === 'content' ? (
                  <p className={styles.snippet}>
                    <Highlighted value={hit._snippetResult?.content?.value ?? hit.content} />
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
