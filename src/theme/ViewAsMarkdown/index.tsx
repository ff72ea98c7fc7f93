import { markdownHref } from '../../contract/markdown-path';

export interface ViewAsMarkdownProps {
  /** The doc's route, e.g. `/docs/api/atom`. */
  route: string;
}

/** A plain link (not client-side navigation) to the doc's Markdown source, published at build time. */
export default function ViewAsMarkdown({ route }: ViewAsMarkdownProps) {
  return (
    <a href={markdownHref(route)} type="text/markdown">
      View as Markdown
    </a>
  );
}
