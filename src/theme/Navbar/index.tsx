import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'gatsby';
import { useDismiss } from '../../theme-common/dismiss';
import { useHideableNavbar } from '../../theme-common/hideable-navbar';
import { useNavbarMobileSidebar } from '../../theme-common/navbar-mobile-sidebar';
import { useSiteConfig } from '../../theme-common/site-config';
import BackToTop from '../BackToTop';
import ColorModeToggle from '../ColorModeToggle';
import Logo from '../Logo';
import { latePiece, showsFailure, startLoading, useLatePiece } from '../islands/loader';
import LoadFailure from '../LoadFailure';
import SafeNavbarItem from '../NavbarItem/SafeNavbarItem';
import * as styles from './styles.module.css';

// The mobile menu's code loads on first use (or when the reader reaches for the button), not on page load.
export const mobileMenu = latePiece('The menu', () => import('../NavbarMobileSidebar').then((module) => module.default));
const preloadMenu = () => startLoading(mobileMenu);

export const MOBILE_SIDEBAR_ID = 'navbar-mobile-sidebar';

/** The top bar; `secondaryMenu` (the docs sidebar on docs pages) is offered in the mobile menu. */
export default function Navbar({ secondaryMenu }: { secondaryMenu?: ReactNode }) {
  const { navbar } = useSiteConfig().themeConfig;
  const mobile = useNavbarMobileSidebar();
  const { navbarRef, isNavbarVisible } = useHideableNavbar(navbar.hideOnScroll && !mobile.shown);
  const menu = useLatePiece(mobileMenu);
  // Asking for the menu loads it (again, after a failure); until it is there the button reports what happens.
  useEffect(() => {
    if (mobile.shown) startLoading(mobileMenu);
  }, [mobile.shown]);
  const menuFailed = mobile.shown && showsFailure(menu);
  const menuButtonRef = useRef<HTMLSpanElement>(null);
  useDismiss(menuButtonRef, menuFailed, mobile.close);
  const left = navbar.items.filter((item) => item.position !== 'right');
  const right = navbar.items.filter((item) => item.position === 'right');
  const hidden = !isNavbarVisible && !mobile.shown;
  return (
    <>
      <header
        ref={navbarRef}
        className={`${styles.header} ${styles[navbar.style]} ${hidden ? styles.hidden : ''}`}
        data-navbar-visible={!hidden}
        data-noprint=""
      >
        <nav aria-label="Main" className={styles.navbar}>
          {mobile.disabled ? null : (
            <span ref={menuButtonRef} className={styles.menuAnchor}>
              <button
                type="button"
                className={styles.menuButton}
                aria-label="Open navigation menu"
                aria-expanded={mobile.shown}
                aria-controls={MOBILE_SIDEBAR_ID}
                aria-haspopup="dialog"
                onClick={mobile.toggle}
                onPointerEnter={preloadMenu}
                onFocus={preloadMenu}
              >
                <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
                </svg>
              </button>
              {menuFailed ? <LoadFailure piece={mobileMenu} variant="card" className={styles.menuFailure} /> : null}
            </span>
          )}
          <Link to="/" className={styles.brand}>
            <Logo className={styles.logo} />
            <span className={styles.title}>{navbar.title}</span>
          </Link>
          <ul className={styles.items}>
            {left.map((item, i) => (
              <li key={`left-${i}`} className={styles.item} data-kind={item.type} data-needs-script={item.type === 'search' ? '' : undefined}>
                <SafeNavbarItem item={item} />
              </li>
            ))}
          </ul>
          <ul className={`${styles.items} ${styles.right}`}>
            {right.map((item, i) => (
              <li key={`right-${i}`} className={styles.item} data-kind={item.type} data-needs-script={item.type === 'search' ? '' : undefined}>
                <SafeNavbarItem item={item} />
              </li>
            ))}
            <li>
              <ColorModeToggle />
            </li>
            {/* Out of the row, in the free space before the right-hand items: no empty slot while it is hidden, and
                nothing moves when it appears. */}
            <li>
              <BackToTop />
            </li>
          </ul>
        </nav>
      </header>
      {menu.status === 'ready' ? <menu.value id={MOBILE_SIDEBAR_ID} secondaryMenu={secondaryMenu} /> : null}
    </>
  );
}
