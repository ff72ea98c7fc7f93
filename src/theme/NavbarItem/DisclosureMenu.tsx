import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import * as styles from './styles.module.css';

// Keys and closing from outside come with a small chunk, asked for when the reader first reaches for a menu.
const loadMenuKeys = () => import('./menu-keys');
// The keys that chunk acts on from the toggle or a link, held while it loads (so none is lost).
const HELD_KEYS = /^(ArrowDown|ArrowUp|Home|End)$/;

/** Closes the menu holding `element` (a link chosen in it: a client navigation keeps the navbar, menu open or not). */
export function closeMenuOf(element: Element): void {
  const menu = element.closest('details');
  if (menu) menu.open = false;
}

/**
 * A navbar menu on the browser's own <details>: the first click or tap opens it, also before the page's scripts have
 * run (or without them), and its caret says it is a menu; `children` are its entries (<li>). Arrow keys, Escape and
 * closing on a click or focus elsewhere (./menu-keys.ts) load when the reader first points at, focuses or opens it;
 * nothing about it is React state, so a menu the browser opened before hydration behaves the same.
 */
export default function DisclosureMenu({ label, alignEnd = false, children }: { label: ReactNode; alignEnd?: boolean; children: ReactNode }) {
  const rootRef = useRef<HTMLDetailsElement>(null);
  // Undefined until reached for; null while the chunk loads; then what removes the behaviour.
  const stopKeys = useRef<(() => void) | null | undefined>(undefined);

  // A key pressed while that chunk loads, handed to it once it is there.
  const heldKey = useRef<string | undefined>(undefined);

  const reach = () => {
    if (stopKeys.current !== undefined) return;
    stopKeys.current = null;
    loadMenuKeys().then(
      ({ handleMenuKeys }) => {
        if (rootRef.current) stopKeys.current = handleMenuKeys(rootRef.current, heldKey.current);
      },
      () => {
        stopKeys.current = heldKey.current = undefined;
      },
    );
  };
  const holdKey = (event: KeyboardEvent) => {
    if (typeof stopKeys.current === 'function' || !HELD_KEYS.test(event.key)) return;
    // Not scrolling the page: the key is the menu's.
    event.preventDefault();
    heldKey.current = event.key;
    reach();
  };
  // A menu the browser opened before hydration is reached for already.
  useEffect(() => {
    if (rootRef.current?.open) reach();
    return () => stopKeys.current?.();
  }, []);

  return (
    <details
      ref={rootRef}
      className={styles.dropdown}
      // The browser may have opened it before hydration: `open` is the browser's, never a prop.
      suppressHydrationWarning
      onToggle={reach}
      onFocus={reach}
      onPointerEnter={reach}
      onKeyDown={holdKey}
    >
      <summary className={styles.link}>
        {label}
        <svg className={styles.caret} width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M0 3h10L5 8z" />
        </svg>
      </summary>
      <ul className={`${styles.menu} ${alignEnd ? styles.menuEnd : ''}`}>{children}</ul>
    </details>
  );
}
