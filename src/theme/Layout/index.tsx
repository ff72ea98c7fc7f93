import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../../theme-common/constants';
import AnnouncementBar from '../AnnouncementBar';
import Footer from '../Footer';
import Navbar from '../Navbar';
import SkipToContent from '../SkipToContent';
import * as styles from './styles.module.css';

/** Shared page chrome: skip link, announcement slot, navbar, main landmark, footer. */
export default function Layout({ children, mainClassName }: { children: ReactNode; mainClassName?: string }) {
  return (
    <div className={styles.page}>
      <SkipToContent />
      <AnnouncementBar />
      <Navbar />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${styles.main} ${mainClassName ?? ''}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
