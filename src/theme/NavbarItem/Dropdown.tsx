import type { ReactNode } from 'react';
import DisclosureMenu, { closeMenuOf } from './DisclosureMenu';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

export interface DropdownLink {
  label: string;
  to?: string;
  href?: string;
  lang?: string;
  /** Marks the entry for the current page or locale. */
  current?: boolean;
}

export interface DropdownProps {
  label: ReactNode;
  links: readonly DropdownLink[];
}

/** A menu of links (the `dropdown` and `localeDropdown` items); see ./DisclosureMenu.tsx for how it opens and closes. */
export default function Dropdown({ label, links }: DropdownProps) {
  return (
    <DisclosureMenu label={label}>
      {links.map((link) => (
        <li key={`${link.label}-${link.to ?? link.href}`}>
          <NavLink
            className={`${styles.menuLink} ${link.current ? styles.active : ''}`}
            to={link.to}
            href={link.href}
            lang={link.lang}
            hrefLang={link.lang}
            aria-current={link.current ? 'true' : undefined}
            onClick={(e) => closeMenuOf(e.currentTarget)}
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </DisclosureMenu>
  );
}
