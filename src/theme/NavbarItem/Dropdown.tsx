import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

export interface DropdownLink {
  label: string;
  to?: string;
  href?: string;
  lang?: string;
  /** Marks the entry for the current page, locale or version. */
  current?: boolean;
  onSelect?(): void;
}

export interface DropdownProps {
  label: ReactNode;
  links: readonly DropdownLink[];
  /** Called when the reader shows intent to open the menu (pointer over it, focus in it, or opening it). */
  onIntent?(): void;
  /** A line of text after the links (not a link: Arrow keys skip it). */
  note?: ReactNode;
  /** Opens the menu towards the start, for items at the end of the navbar. */
  alignEnd?: boolean;
}

/**
 * A disclosure menu of links: a button with aria-expanded; Arrow keys move between links, Escape closes and
 * returns focus to the button, and it closes when focus or a click leaves it.
 */
export default function Dropdown({ label, links, onIntent, note, alignEnd = false }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const anchors = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('ul a') ?? []);

  useEffect(() => {
    if (!open || focusIndex === null) return;
    const list = anchors();
    list[(focusIndex + list.length) % list.length]?.focus();
    setFocusIndex(null);
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    const list = anchors();
    const at = list.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (index: number) => {
      e.preventDefault();
      setOpen(true);
      setFocusIndex(index);
    };
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at === -1 ? -1 : at - 1);
    else if (e.key === 'Home' && at !== -1) move(0);
    else if (e.key === 'End' && at !== -1) move(-1);
  };

  return (
    <div
      ref={rootRef}
      className={styles.dropdown}
      onKeyDown={onKeyDown}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.link}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          onIntent?.();
          setOpen((o) => !o);
        }}
      >
        {label}
        <svg className={styles.caret} width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M0 3h10L5 8z" />
        </svg>
      </button>
      <ul id={menuId} className={`${styles.menu} ${alignEnd ? styles.menuEnd : ''}`} hidden={!open}>
        {links.map((link) => (
          <li key={`${link.label}-${link.to ?? link.href}`}>
            <NavLink
              className={`${styles.menuLink} ${link.current ? styles.active : ''}`}
              to={link.to}
              href={link.href}
              lang={link.lang}
              hrefLang={link.lang}
              aria-current={link.current ? 'true' : undefined}
              onClick={() => {
                link.onSelect?.();
                setOpen(false);
              }}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        {note ? <li className={styles.menuNote}>{note}</li> : null}
      </ul>
    </div>
  );
}
