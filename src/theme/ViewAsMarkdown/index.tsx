import { markdownHref } from '../../contract/markdown-path';
import * as styles from './styles.module.css';

export interface ViewAsMarkdownProps {
  /** The doc's route, e.g. `/docs/api/atom`. */
  route: string;
}

/** A plain link (not client-side navigation) to the doc's Markdown source, published at build time. */
export default function ViewAsMarkdown({ route }: ViewAsMarkdownProps) {
  return (
    <a className={styles.link} href={markdownHref(route)} type="text/markdown">
      View as Markdown
    </a>
  );
}
