import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from 'gatsby';
import { isExternalHref } from '../../theme-common/route-utils';

interface NavLinkProps {
  to?: string;
  href?: string;
  className?: string;
  activeClassName?: string;
  /** Mark the link current for every route under `to` (e.g. all of /docs). */
  partiallyActive?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** Language of the target page (locale links). */
  hrefLang?: string;
  lang?: string;
  'aria-current'?: 'page' | 'true';
  children: ReactNode;
}

/** Internal routes go through Gatsby's Link (prefetch, client navigation); external ones open in a new tab. */
export default function NavLink({ to, href, className, activeClassName, partiallyActive, children, ...rest }: NavLinkProps) {
  const target = to ?? href ?? '/';
  if (isExternalHref(target)) {
    return (
      <a className={className} href={target} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
        <svg className="external-link-icon" width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
        </svg>
      </a>
    );
  }
  return (
    <Link className={className} activeClassName={activeClassName} partiallyActive={partiallyActive} to={target} {...rest}>
      {children}
    </Link>
  );
}
