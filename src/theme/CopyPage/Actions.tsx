import { useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { createPortal } from 'react-dom';
import { markdownHref } from '../../contract/markdown-path';
import { absoluteUrl } from '../../theme-common/route-utils';
import { useSiteConfig } from '../../theme-common/site-config';
import { useDisclosureMenu, useMarkdownCopy, type CopyPageRequest } from './hooks';
import * as styles from './styles.module.css';

/** Text of the control's feedback and menu (the button labels are in ./index.tsx). */
export const COPY_PAGE_STRINGS = {
  copied: 'Copied as Markdown',
  fetchFailed: 'The page could not be copied: its Markdown did not load.',
  clipboardDenied: 'The page could not be copied: the browser refused access to the clipboard.',
  retry: 'Retry',
  openIn: (assistant: string) => `Open in ${assistant}`,
  newTab: '(opens in a new tab)',
  /** What the assistant is asked, naming the page's Markdown by its absolute URL. */
  prompt: (markdownUrl: string) => `Read ${markdownUrl} so I can ask questions about it.`,
} as const;

/** The assistants the menu offers, each opened with the prompt in its address's query. */
export const AI_ASSISTANTS = [
  { name: 'ChatGPT', url: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}` },
  { name: 'Claude', url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
] as const;

export interface CopyPageActionsProps {
  route: string;
  /** The last press of a button (null before any): a copy is made once per press. */
  request: CopyPageRequest | null;
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  /**
   * The live region the control keeps in the page, which the outcome of a copy is written into. Its parent is the
   * whole control: a press or focus outside it closes the menu; the down arrow on its menu button opens it.
   */
  status: RefObject<HTMLElement | null>;
}

/**
 * What "Copy page" and its menu button do: copy the doc's published Markdown, saying how it went (a failure names
 * the step, with a Retry), and show the menu of plain links (a disclosure, not an application menu) that open an
 * AI assistant in a new tab. Escape closes the menu and returns the focus to its button; the arrow keys, Home and
 * End move between its links; a press or focus outside closes it.
 */
export default function CopyPageActions({ route, request, open, setOpen, status }: CopyPageActionsProps) {
  const { url } = useSiteConfig();
  const list = useRef<HTMLUListElement>(null);
  const href = markdownHref(route);
  const { outcome, copy } = useMarkdownCopy({ href, request, setOpen });
  useDisclosureMenu({ open, setOpen, control: status, list });

  const prompt = COPY_PAGE_STRINGS.prompt(absoluteUrl(url, href));
  const failed = outcome === 'fetch-failed' || outcome === 'clipboard-denied';
  return (
    <>
      {status.current && outcome === 'copied' ? createPortal(COPY_PAGE_STRINGS.copied, status.current) : null}
      {failed ? (
        <div role="alert" className={`load-failure load-failure--card ${styles.popup}`}>
          <span className="load-failure__text">
            {outcome === 'fetch-failed' ? COPY_PAGE_STRINGS.fetchFailed : COPY_PAGE_STRINGS.clipboardDenied}
          </span>{' '}
          <button type="button" className="button-primary load-failure__retry" onClick={copy}>
            {COPY_PAGE_STRINGS.retry}
          </button>
        </div>
      ) : null}
      {open ? (
        <ul ref={list} className={`${styles.popup} ${styles.menu}`}>
          {AI_ASSISTANTS.map((assistant) => (
            <li key={assistant.name}>
              <a className={styles.menuLink} href={assistant.url(prompt)} target="_blank" rel="noopener noreferrer">
                {COPY_PAGE_STRINGS.openIn(assistant.name)} <span className="visually-hidden">{COPY_PAGE_STRINGS.newTab}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
