/**
 * The /playground route: the starter program, or the code of a share link (`#lang=…&version=…&code=…`), checked and
 * run against the release the link names (else the last version's). A link that cannot be opened says why, and the
 * editor holds the starter program instead; a link naming a release the site does not run says so and opens the code
 * on the last version (the name shown bounded, its invisible characters as code points). The reader can switch
 * release, keeping their code, or getting that release's starter when they have not changed the previous one's (the
 * address then names the release). The reader's edits are kept per release and per code they started from
 * (theme-common/code-drafts.ts), so a reload, a visit elsewhere and back, or a new `#` in the address brings them back;
 * a `#` that opens the same code leaves the editor as it is. Without JavaScript the page says the playground needs it.
 * Only the route's own code loads with the page; the editor loads
 * through the playground's loader as it does under a sample.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PlaygroundLanguage } from '../../contract/playground';
import type { PlaygroundVersionAssets } from '../../contract/playground-versions';
import { PLAYGROUND_STRINGS } from '../../contract/playground-strings';
import { playgroundDraftScope, readDraft } from '../../theme-common/code-drafts';
import { visibleText } from '../../theme-common/visible-text';
import { playgroundVersion, playgroundVersions } from '../islands/Playground/assets';
import { EditorShell, PlaygroundLaunch } from '../islands/Playground/launch';
import { readShared, sharedRelease, shareFragment } from '../islands/Playground/share';
import { codeAfterSwitch, starterFor, STARTER_LANGUAGE } from './starter';
import * as styles from './styles.module.css';

type Opened = {
  /** A new key opens a new editor. */
  key: string;
  code: string;
  lang: PlaygroundLanguage;
  version: PlaygroundVersionAssets;
  problem?: string;
  /** The release the link asked for when the site does not run it. */
  unknownRelease?: string;
};

const sameOpening = (a: Opened, b: Opened) =>
  a.code === b.code && a.lang === b.lang && a.version.name === b.version.name && a.problem === b.problem && a.unknownRelease === b.unknownRelease;

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
      const show = (next: Opened) => {
        if (!active) return;
        // The same code on the same release (a `#` that names no code, say) keeps the editor, its undo history and focus.
        setOpened((current) => (current && sameOpening(current, next) ? current : next));
      };
      readShared(hash).then(
        (shared) => show({ ...base, code: shared?.code ?? starterFor(version.release), lang: shared?.lang ?? STARTER_LANGUAGE }),
        (error: unknown) => {
          const problem = error instanceof Error ? error.message : String(error);
          show({ ...base, code: starterFor(version.release), problem });
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

  // A new editor starts from its own code.
  const openedKey = opened?.key;
  useEffect(() => {
    latestCode.current = null;
  }, [openedKey]);

  const switchRelease = (name: string) => {
    if (!opened) return;
    const { version } = playgroundVersion(name);
    // An untouched starter is the previous release's sample: the new release gets its own.
    const edited = latestCode.current ?? readDraft(playgroundDraftScope(opened.version.name), opened.code) ?? opened.code;
    const code = codeAfterSwitch(edited, opened.version.release, version.release);
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
          {PLAYGROUND_STRINGS.unknownVersion(visibleText(opened.unknownRelease), opened.version.release)}
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
          draftScope={playgroundDraftScope(opened.version.name)}
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
