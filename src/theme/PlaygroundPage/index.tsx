/**
 * The /playground route: the starter program, or the code of a share link (`#lang=…&code=…`). A link that cannot
 * be opened says why, and the editor holds the starter program instead. Without JavaScript the page says the
 * playground needs it. Only the route's own code loads with the page; the editor loads through the playground's
 * loader as it does under a sample.
 */
import { useEffect, useState } from 'react';
import type { PlaygroundLanguage } from '../../contract/playground';
import { PLAYGROUND_STRINGS } from '../../contract/playground-strings';
import { PlaygroundLaunch } from '../islands/Playground/launch';
import { readShared } from '../islands/Playground/share';
import { STARTER_LANGUAGE, STARTER_PROGRAM } from './starter';
import * as styles from './styles.module.css';

type Opened = { key: string; code: string; lang: PlaygroundLanguage; problem?: string };

export default function PlaygroundPage() {
  const [opened, setOpened] = useState<Opened | null>(null);
  useEffect(() => {
    let active = true;
    const open = () => {
      const hash = window.location.hash;
      readShared(hash).then(
        (shared) => {
          if (active) setOpened({ key: hash, code: shared?.code ?? STARTER_PROGRAM, lang: shared?.lang ?? STARTER_LANGUAGE });
        },
        (error: unknown) => {
          const problem = error instanceof Error ? error.message : String(error);
          if (active) setOpened({ key: hash, code: STARTER_PROGRAM, lang: STARTER_LANGUAGE, problem });
        },
      );
    };
    open();
    window.addEventListener('hashchange', open);
    return () => {
      active = false;
      window.removeEventListener('hashchange', open);
    };
  }, []);
  return (
    <div className={styles.page}>
      <h1>{PLAYGROUND_STRINGS.pageTitle}</h1>
      <p>{PLAYGROUND_STRINGS.pageIntro}</p>
      <noscript>
        <p className={styles.noscript}>{PLAYGROUND_STRINGS.needsJavaScript}</p>
      </noscript>
      {opened?.problem ? (
        <p role="alert" className={styles.problem}>
          {PLAYGROUND_STRINGS.sharedBroken} {opened.problem} {PLAYGROUND_STRINGS.starterInstead}
        </p>
      ) : null}
      {opened ? <PlaygroundLaunch key={opened.key} code={opened.code} lang={opened.lang} autoFocus={false} /> : null}
    </div>
  );
}
