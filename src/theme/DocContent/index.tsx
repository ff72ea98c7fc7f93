import { useMemo, useRef, type HTMLAttributes, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { prefetchPathname } from 'gatsby';
import { navigateTo } from '../../theme-common/navigate';
import { clientNavigationTarget } from '../../theme-common/internal-link';
import { islandPieces } from '../islands/registry';
import { useIslands } from '../islands/use-islands';
import LoadFailure from '../LoadFailure';
import * as styles from './styles.module.css';

/**
 * Build-time HTML with its islands started after mount and their failure notices (with Retry) in place: the home
 * page's samples, and every doc's body through DocContent, which adds client-side navigation for its links.
 */
type IslandHtmlProps = { html: string } & Pick<HTMLAttributes<HTMLDivElement>, 'className' | 'onClick' | 'onMouseOver'>;

export function IslandHtml({ html, className, ...events }: IslandHtmlProps) {
  const ref = useRef<HTMLDivElement>(null);
  const notices = useIslands(ref, html);
  // One object per HTML: React 19 rewrites innerHTML whenever this prop is a new object, which would wipe out what
  // the islands added each time a notice comes or goes.
  const inner = useMemo(() => ({ __html: html }), [html]);
  return (
    <>
      <div
        ref={ref}
        className={`markdown ${styles.root} ${className ?? ''}`}
        {...events}
        dangerouslySetInnerHTML={inner}
      />
      {notices.map(({ kind, slot, announce }, index) =>
        createPortal(<LoadFailure piece={islandPieces[kind]} announce={announce} />, slot, `notice-${index}`),
      )}
    </>
  );
}

const anchorOf = (event: MouseEvent<HTMLElement>) =>
  event.target instanceof Element ? event.target.closest('a') : null;

/**
 * A doc's body, rendered to HTML at build time (see src/node/render-mdx.ts). Internal links in it navigate
 * client-side and prefetch on hover, as Gatsby's <Link> does; interactive parts are islands started after mount.
 */
export default function DocContent({ html, className }: { html: string; className?: string }) {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = clientNavigationTarget(anchorOf(event), event, window.location);
    if (!target) return;
    event.preventDefault();
    navigateTo(target);
  };
  const onMouseOver = (event: MouseEvent<HTMLDivElement>) => {
    const target = clientNavigationTarget(anchorOf(event), { ...event, button: 0 }, window.location);
    // Gatsby's public prefetch, which also skips slow or data-saving connections.
    if (target) prefetchPathname(target.split(/[?#]/)[0] as string);
  };
  // Event delegation for the links inside; the div itself is not interactive.
  return <IslandHtml html={html} className={className} onClick={onClick} onMouseOver={onMouseOver} />;
}
