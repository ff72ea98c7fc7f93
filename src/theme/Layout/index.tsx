import type { ReactNode } from 'react';
import { AnnouncementBarProvider } from '../../theme-common/announcement-bar';
import { ColorModeProvider } from '../../theme-common/color-mode';
import { MAIN_CONTENT_ID } from '../../contract/constants';
import { DocsPreferredVersionProvider } from '../../theme-common/docs-preferred-version';
import { NavbarMobileSidebarProvider } from '../../theme-common/navbar-mobile-sidebar';
import { useSiteConfig } from '../../theme-common/site-config';
import AnnouncementBar from '../AnnouncementBar';
import Footer from '../Footer';
import Navbar from '../Navbar';
import SkipToContent from '../SkipToContent';
import * as styles from './styles.module.css';

interface LayoutProps {
  children: ReactNode;
  mainClassName?: string;
  /** Shown as the mobile menu's secondary menu (docs pages pass their sidebar). */
  secondaryMenu?: ReactNode;
  /** Where "Skip to main content" lands: an element in `children` with this id and tabIndex -1; <main> by default. */
  contentId?: string;
}

/** Shared page chrome: skip link, announcement slot, navbar, main landmark, footer; reader preferences live here. */
export default function Layout({ children, mainClassName, secondaryMenu, contentId }: LayoutProps) {
  const { navbar } = useSiteConfig().themeConfig;
  return (
    <ColorModeProvider>
      <AnnouncementBarProvider>
        <DocsPreferredVersionProvider>
          <NavbarMobileSidebarProvider itemCount={navbar.items.length}>
            <div className={styles.page}>
              <SkipToContent targetId={contentId} />
              <AnnouncementBar />
              <Navbar secondaryMenu={secondaryMenu} />
              <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${styles.main} ${mainClassName ?? ''}`}>
                {children}
              </main>
              <Footer />
            </div>
          </NavbarMobileSidebarProvider>
        </DocsPreferredVersionProvider>
      </AnnouncementBarProvider>
    </ColorModeProvider>
  );
}
