import { useAnnouncementBar } from '../../theme-common/announcement-bar';
import { useSiteConfig } from '../../theme-common/site-config';
import * as styles from './styles.module.css';

/** The announcement slot; renders only when site.config.ts configures a bar and the reader has not closed it. */
export default function AnnouncementBar() {
  const bar = useSiteConfig().themeConfig.announcementBar;
  const { isActive, close } = useAnnouncementBar();
  if (!bar || !isActive) return null;
  return (
    <div
      className={styles.bar}
      role="region"
      aria-label="Announcement"
      data-noprint=""
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {bar.isCloseable ? <span className={styles.spacer} data-needs-script="" /> : null}
      {/* Trusted HTML from site.config.ts, validated at build time. */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className={styles.close} aria-label="Close announcement" onClick={close} data-needs-script="" />
      ) : null}
    </div>
  );
}
