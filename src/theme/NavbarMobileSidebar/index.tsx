import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '../../theme-common/navbar-mobile-sidebar';
import { useSiteConfig } from '../../theme-common/site-config';
import SafeNavbarItem from '../NavbarItem/SafeNavbarItem';
import * as styles from './styles.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), summary, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The navbar as a side panel below 996 px: a primary menu (the navbar items) and a secondary menu (the docs
 * sidebar on docs pages) with a way back. Modal: focus stays inside, Escape closes, focus returns to the opener.
 */
export default function NavbarMobileSidebar({ id, secondaryMenu }: { id: string; secondaryMenu?: ReactNode }) {
  const { shown, close } = useNavbarMobileSidebar();
  const { navbar } = useSiteConfig().themeConfig;
  const [view, setView] = useState<'primary' | 'secondary'>(secondaryMenu ? 'secondary' : 'primary');
  const panelRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!shown) return;
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Focus was inside the panel, now gone: hand it back to the menu button.
      const active = document.activeElement;
      if (opener?.isConnected && (!active || active === document.body)) opener.focus();
    };
  }, [shown, close]);

  useEffect(() => {
    if (shown) viewRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [shown, view]);

  if (!shown) return null;

  const trapFocus = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !panelRef.current) return;
    const all = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = all[0];
    const last = all[all.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  // Following any link closes the menu.
  const onClick = (e: MouseEvent) => {
    if ((e.target as Element).closest('a')) close();
  };

  return (
    <>
      <div className={styles.backdrop} onClick={close} data-testid="mobile-sidebar-backdrop" />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation menu"
        className={styles.panel}
        onKeyDown={trapFocus}
        onClick={onClick}
      >
        <div className={styles.header}>
          <span className={styles.title}>{navbar.title}</span>
          <button type="button" className={styles.iconButton} aria-label="Close navigation menu" onClick={close}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z" />
            </svg>
          </button>
        </div>
        <div ref={viewRef} className={styles.body} key={view}>
          {view === 'secondary' && secondaryMenu ? (
            <>
              <button type="button" className={styles.menuSwitch} onClick={() => setView('primary')}>
                ← Back to main menu
              </button>
              {secondaryMenu}
            </>
          ) : (
            <>
              <nav aria-label="Main menu">
                <ul className={styles.list}>
                  {navbar.items.map((item, i) => (
                    <li key={i} className={styles.item}>
                      <SafeNavbarItem item={item} />
                    </li>
                  ))}
                </ul>
              </nav>
              {secondaryMenu ? (
                <button type="button" className={styles.menuSwitch} onClick={() => setView('secondary')}>
                  Docs sidebar →
                </button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </>
  );
}
