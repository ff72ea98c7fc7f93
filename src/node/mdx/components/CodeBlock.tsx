/** A fence (the code-meta remark step turns each into a <CodeBlock>): highlighted code, its copy button, "Edit and run" where a run shows something. */
import { islandMarker } from '../../../contract/islands';
import { CONTENT_STRINGS } from '../../../contract/strings';
import { PLAYGROUND_LAUNCH_STRINGS } from '../../../contract/playground-launch-strings';
import { TYPE_HINT_CLASS } from '../../../contract/type-hints';
import { COPY_TEXT_ATTRIBUTE, finalCode, hasCodeMarks } from '../../../contract/code-marks';
import { COPY_BUTTON_CLASS, COPY_BUTTON_COPY_ICON_CLASS, COPY_BUTTON_DONE_ICON_CLASS, COPY_BUTTON_ICON_CLASS } from '../../../contract/markup/copy-button';
import { CODE_BLOCK_CLASSES, GLOBAL_CLASSES, LANGUAGE_DATA, NO_PRINT_DATA } from '../../../contract/markup/static';
import { CODE_DATA, LANG_DATA, PLAYGROUND_LAUNCH_CLASSES, VERSION_DATA } from '../../../contract/markup/playground-launch';
import { CodeMarkError } from '../../highlight';
import { compilesSample, TYPED_LANGUAGES } from '../../type-hints';
import { playgroundLanguage, runShowsOutput } from '../../sample-output';
import { useDocRender } from './context';

// Every code block's copy button, written with the block so it is there from the first paint (its island, loaded
// when a reader reaches for it, gives it the action; without JavaScript NO_SCRIPT_STYLE hides it), and the polite
// live region that announces the result. Drawn for this site: two overlapping sheets, and a check mark for "copied".
const COPY_BUTTON_HTML =
  `<button type="button" class="${COPY_BUTTON_CLASS}" aria-label="${CONTENT_STRINGS.copyCode}" title="${CONTENT_STRINGS.copyCode}">` +
  `<svg class="${COPY_BUTTON_ICON_CLASS} ${COPY_BUTTON_COPY_ICON_CLASS}" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><rect x="5.25" y="5.25" width="8.5" height="8.5" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M10.75 2.75v-.5a1 1 0 0 0-1-1h-6.5a1 1 0 0 0-1 1v6.5a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" stroke-width="1.5"/></svg>` +
  `<svg class="${COPY_BUTTON_ICON_CLASS} ${COPY_BUTTON_DONE_ICON_CLASS}" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="m2.75 8.5 3.5 3.5 7-7.5" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"/></svg>` +
  `</button><span class="${GLOBAL_CLASSES.visuallyHidden}" role="status"></span>`;

export interface CodeBlockProps {
  code: string;
  lang: string;
  title?: string;
  highlight?: string;
  partial?: boolean;
  /** The fence's line in the MDX body. */
  line?: string;
}

export function CodeBlock({ code, lang, title, highlight, partial, line }: CodeBlockProps) {
  const { file, version, drawCode, lineOffset } = useDocRender();
  const lines = highlight ? highlight.split(',').map(Number) : [];
  const typed = TYPED_LANGUAGES.has(lang)
    ? { file, line: Number(line ?? 0) + lineOffset, partial: Boolean(partial) }
    : undefined;
  let html: string;
  try {
    html = drawCode({ code, lang, lines, typed });
  } catch (error) {
    if (error instanceof CodeMarkError) throw new Error(`${file}:${Number(line ?? 0) + lineOffset}: ${error.message}`);
    throw error;
  }
  // Identifiers with types get popups from an island, loaded on the first hover or focus of one.
  const hasHints = html.includes(`class="${TYPE_HINT_CLASS}"`);
  const body = (
    <div
      className={CODE_BLOCK_CLASSES.body}
      {...(hasHints ? islandMarker('type-hints') : {})}
      dangerouslySetInnerHTML={{ __html: html + COPY_BUTTON_HTML }}
    />
  );
  // A marked block shows lines the code does not end with: its copy button copies the final code instead.
  const copyText = hasCodeMarks(code) ? { [COPY_TEXT_ATTRIBUTE]: finalCode(code) } : {};
  // A sample that compiles on its own and whose run prints or renders something gets "Edit and run" (an island
  // right after it); a marked sample opens as the code it ends with, which the island cannot read back from the
  // highlighted lines.
  const runCode = hasCodeMarks(code) ? finalCode(code) : code;
  const runLang = playgroundLanguage(lang);
  const playground = compilesSample(lang, Boolean(partial)) && runShowsOutput(runCode, runLang) ? (
    <div
      className={PLAYGROUND_LAUNCH_CLASSES.launch}
      {...islandMarker('playground')}
      {...{ [NO_PRINT_DATA.name]: '' }}
      {...{ [LANG_DATA.name]: runLang }}
      {...{ [VERSION_DATA.name]: version.name }}
      {...{ [CODE_DATA.name]: hasCodeMarks(code) ? runCode : undefined }}
    >
      <button type="button" className={`${GLOBAL_CLASSES.buttonSecondary} ${PLAYGROUND_LAUNCH_CLASSES.button}`}>
        {PLAYGROUND_LAUNCH_STRINGS.editAndRun}
      </button>
    </div>
  ) : null;
  if (!title) {
    return (
      <>
        <div className={CODE_BLOCK_CLASSES.block} {...islandMarker('copy')} {...{ [LANGUAGE_DATA.name]: lang }} {...copyText}>
          {body}
        </div>
        {playground}
      </>
    );
  }
  return (
    <>
      <figure className={CODE_BLOCK_CLASSES.block} {...islandMarker('copy')} {...{ [LANGUAGE_DATA.name]: lang }} {...copyText}>
        <figcaption className={CODE_BLOCK_CLASSES.title}>{title}</figcaption>
        {body}
      </figure>
      {playground}
    </>
  );
}
