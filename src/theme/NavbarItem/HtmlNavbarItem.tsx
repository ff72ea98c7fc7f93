import type { HtmlNavbarItem as Item } from '../../config/types';
import * as styles from './styles.module.css';

export default function HtmlNavbarItem({ item }: { item: Item }) {
  // Trusted HTML from site.config.ts.
  return <span className={styles.html} dangerouslySetInnerHTML={{ __html: item.value }} />;
}
