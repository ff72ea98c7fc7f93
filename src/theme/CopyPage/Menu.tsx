import { useEffect, useRef, type RefObject } from 'react';
import { COPY_PAGE_STRINGS as STRINGS } from '../../contract/strings';
import { markdownHref } from '../../contract/markdown-path';
import { absoluteUrl } from '../../theme-common/route-utils';
import { useSiteConfig } from '../../theme-common/site-config';
import * as styles from './styles.module.css';

/** The assistants the menu offers, each opened with the prompt in its address's query. */
export const AI_ASSISTANTS = [
  { name: 'ChatGPT', url: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}` },
  { name: 'Claude', url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
] as const;

export interface CopyPageMenuProps {
  id: string;
  /** The doc's route; the prompt names its Markdown by absolute URL. */
  route: string;
  /** The whole control (buttons and menu): a press or focus outside it closes the menu. */
  container: RefObject<HTMLElement | null>;
  /** Move the focus to the first link on opening (the menu was opened with the down arrow). */
  focusFirst: boolean;
  /** `returnFocus`: put the focus back on the menu button (Escape), rather than leave it where the reader moved it. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The menu of a doc's "Copy page" control: plain links (a disclosure, not an application menu) that open an AI
 * assistant in a new tab, asked to read the page's Markdown. Escape closes it and returns the focus to its button;
 * the arrow keys, Home and End move between its links; a press or focus outside closes it.
 */
export default function CopyPageMenu({ id, route, container, focusFirst, onClose }: CopyPageMenuProps) {
  const { url } = useSiteConfig();
  const list = useRef<HTMLUListElement>(null);
  const prompt = STRINGS.prompt(absoluteUrl(url, markdownHref(route)));

  useEffect(() => {
    const links = () => [...(list.current?.querySelectorAll('a') ?? [])];
    if (focusFirst) links()[0]?.focus();
    const inside = (target: EventTarget | null) => target instanceof Node && Boolean(container.current?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (!inside(event.target)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose(true);
        return;
      }
      const all = links();
      const at = all.indexOf(event.target as HTMLAnchorElement);
      const next =
        event.key === 'ArrowDown' ? (at + 1) % all.length
        : event.key === 'ArrowUp' ? (at <= 0 ? all.length - 1 : at - 1)
        : event.key === 'Home' && at !== -1 ? 0
        : event.key === 'End' && at !== -1 ? all.length - 1
        : null;
      if (next === null) return;
      event.preventDefault();
      all[next]?.focus();
    };
    const onOutside = (event: Event) => {
      if (!inside(event.target)) onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [container, focusFirst, onClose]);

  return (
    <ul ref={list} id={id} className={`${styles.popup} ${styles.menu}`}>
      {AI_ASSISTANTS.map((assistant) => (
        <li key={assistant.name}>
          <a className={styles.menuLink} href={assistant.url(prompt)} target="_blank" rel="noopener noreferrer">
            {STRINGS.openIn(assistant.name)} <span className="visually-hidden">{STRINGS.newTab}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
