import { useSiteConfig } from '../../theme-common/site-config';
import * as styles from './styles.module.css';

/** The announcement slot; renders only when site.config.ts configures a bar. */
export default function AnnouncementBar() {
  const bar = useSiteConfig().themeConfig.announcementBar;
  if (!bar) return null;
  return (
    <div
      className={styles.bar}
      role="region"
      aria-label="Announcement"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {/* Trusted HTML from site.config.ts, validated at build time. */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: bar.content }} />
    </div>
  );
}
