/**
 * The /playground route: the starter program, or the code of a share link (`#lang=…&version=…&code=…`), checked and
 * run against the release the link names (else the last version's). A link that cannot be opened says why, and the
 * editor holds the starter program instead; a link naming a release the site does not run says so and opens the code
 * on the last version. The reader can switch release, keeping the code (the address then names it). Without
 * JavaScript the page says the playground needs it. Only the route's own code loads with the page; the editor loads
 * through the playground's loader as it does under a sample.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PlaygroundLanguage } from '../../contract/playground';
import type { PlaygroundVersionAssets } from '../../contract/playground-versions';
import { PLAYGROUND_STRINGS } from '../../contract/playground-strings';
import { playgroundVersion, playgroundVersions } from '../islands/Playground/assets';
import { EditorShell, PlaygroundLaunch } from '../islands/Playground/launch';
import { readShared, sharedRelease, shareFragment } from '../islands/Playground/share';
import { starterFor, STARTER_LANGUAGE } from './starter';
import * as styles from './styles.module.css';

type Opened = {
  key: string;
  code: string;
  lang: PlaygroundLanguage;
  version: PlaygroundVersionAssets;
  problem?: string;
  /** The release the link asked for when the site does not run it. */
  unknownRelease?: string;
};

export default function PlaygroundPage() {
  const [opened, setOpened] = useState<Opened | null>(null);
  const selectId = useId();
  // The code as the reader left it: switching release opens it again on the other release.
  const latestCode = useRef<string | null>(null);
  useEffect(() => {
    let active = true;
    const open = () => {
      const hash = window.location.hash;
      const { version, unknown } = playgroundVersion(sharedRelease(hash));
      const base = { key: hash, lang: STARTER_LANGUAGE, version, ...(unknown === null ? {} : { unknownRelease: unknown }) };
      latestCode.current = null;
      readShared(hash).then(
        (shared) => {
          if (active) setOpened({ ...base, code: shared?.code ?? starterFor(version.name), lang: shared?.lang ?? STARTER_LANGUAGE });
        },
        (error: unknown) => {
          const problem = error instanceof Error ? error.message : String(error);
          if (active) setOpened({ ...base, code: starterFor(version.name), problem });
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

  const switchRelease = (name: string) => {
    if (!opened) return;
    const { version } = playgroundVersion(name);
    const code = latestCode.current ?? opened.code;
    const key = `${opened.key} ${version.name} ${Date.now()}`;
    setOpened({ key, code, lang: opened.lang, version });
    // The address names the release and holds the code, so a reload or a copied address opens the same.
    void shareFragment({ code, lang: opened.lang, release: version.release }).then((fragment) => {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${fragment}`);
    });
  };

  const versions = playgroundVersions();
  // Before the address is read (and in the server's HTML) the release and the editor's place are drawn already, so
  // nothing below them moves when they arrive.
  const shown = opened?.version ?? versions[0];
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
      {opened?.unknownRelease ? (
        <p role="alert" className={styles.problem} data-unknown-release="">
          {PLAYGROUND_STRINGS.unknownVersion(opened.unknownRelease, opened.version.release)}
        </p>
      ) : null}
      {shown && versions.length > 1 ? (
        <p className={styles.release} data-needs-script="">
          <label htmlFor={selectId}>{PLAYGROUND_STRINGS.release}</label>{' '}
          <select
            id={selectId}
            className={styles.select}
            value={shown.name}
            disabled={!opened}
            onChange={(event) => switchRelease(event.currentTarget.value)}
          >
            {versions.map((version) => (
              <option key={version.name} value={version.name}>
                {version.release}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {opened ? (
        <PlaygroundLaunch
          key={opened.key}
          code={opened.code}
          lang={opened.lang}
          version={opened.version}
          autoFocus={false}
          fixedHeight
          onChange={(code) => {
            latestCode.current = code;
          }}
        />
      ) : shown ? (
        <EditorShell code="" lang={STARTER_LANGUAGE} release={shown.release} fixedHeight />
      ) : null}
    </div>
  );
}
