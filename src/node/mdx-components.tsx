/**
 * The components docs use in MDX, rendered to static HTML at build time by render-mdx.ts. Browser behaviour
 * (copy, tab switching, diagrams, live examples) is added by islands (src/theme/islands), which find their
 * markup by `data-island`; class names are plain strings styled by src/theme/DocContent/styles.module.css.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { MainImage, type IGatsbyImageData } from 'gatsby-plugin-image';
import { islandMarker } from '../contract/islands';
import { isLiveExampleId, LIVE_EXAMPLE_IDS } from '../contract/live-example-ids';
import { CONTENT_STRINGS } from '../contract/strings';
import { PLAYGROUND_LAUNCH_STRINGS } from '../contract/playground-launch-strings';
import { CodeMarkError } from './highlight';
import type { CodeToDraw } from './mdx/fences';
import { TYPE_HINT_CLASS } from '../contract/type-hints';
import { COPY_TEXT_ATTRIBUTE, finalCode, hasCodeMarks } from '../contract/code-marks';
import { compilesSample, TYPED_LANGUAGES } from './type-hints';
import {
  DOC_IMAGE_CLASS,
  DOC_IMAGE_DARK_CLASS,
  DOC_IMAGE_LIGHT_CLASS,
  DOC_IMAGE_LINK_CLASS,
  FULL_WIDTH_ATTRIBUTE,
} from '../contract/doc-images';
import { largestPicture, type DocImageData } from './doc-images';

export interface MdxComponentsContext {
  /** The doc's path, named in build errors. */
  file: string;
  /**
   * Draws a fence as highlighted HTML. TS/TSX samples (with `typed`) are compiled and get type hints; drawing
   * throws when one does not compile.
   */
  drawCode: (block: CodeToDraw) => string;
  /** Lines before the MDX body in its file (the frontmatter), so sample errors name the file's line. */
  lineOffset?: number;
  /** The doc's pictures, processed, by absolute path (remark-doc-images found them). */
  images?: ReadonlyMap<string, DocImageData>;
}

export const ADMONITION_TYPES = {
  note: { label: 'Note', icon: 'info' },
  tip: { label: 'Tip', icon: 'tip' },
  warning: { label: 'Warning', icon: 'warning' },
  info: { label: 'Info', icon: 'info' },
  danger: { label: 'Danger', icon: 'warning' },
} as const;

export type AdmonitionType = keyof typeof ADMONITION_TYPES;

// Drawn for this site: 16×16, currentColor, decorative (the aside is named in text).
function AdmonitionIcon({ icon }: { icon: 'info' | 'tip' | 'warning' }) {
  const common = { className: 'admonition__icon', width: 18, height: 18, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;
  if (icon === 'tip') {
    return (
      <svg {...common}>
        <path d="M8 1.25a4.75 4.75 0 0 0-2.75 8.62V11.5h5.5V9.87A4.75 4.75 0 0 0 8 1.25Z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <rect x="5.5" y="13" width="5" height="1.75" rx="0.6" fill="currentColor" />
      </svg>
    );
  }
  if (icon === 'warning') {
    return (
      <svg {...common}>
        <path d="M8 1.5 15 14.25H1L8 1.5Z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <rect x="7.25" y="5.75" width="1.5" height="4.5" rx="0.6" fill="currentColor" />
        <circle cx="8" cy="12" r="0.95" fill="currentColor" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <circle cx="8" cy="8" r="6.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="7.25" y="7" width="1.5" height="5" rx="0.6" fill="currentColor" />
      <circle cx="8" cy="4.75" r="0.95" fill="currentColor" />
    </svg>
  );
}

/**
 * The diagram's accessible name: the fence title, else mermaid's front-matter `title:` or `accTitle:`, else
 * its first line.
 */
export function diagramTitle(source: string, fenceTitle?: string | null): string {
  if (fenceTitle) return fenceTitle;
  const frontMatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
  const fromFrontMatter = frontMatter ? /^title:\s*(.+)$/m.exec(frontMatter)?.[1] : undefined;
  const accTitle = /^\s*accTitle\s*:\s*(.+)$/m.exec(source)?.[1];
  const body = frontMatter === undefined ? source : source.replace(/^\s*---\r?\n[\s\S]*?\r?\n---/, '');
  const firstLine = body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('%%'));
  const title = (fromFrontMatter ?? accTitle ?? firstLine ?? 'Diagram').trim();
  return title.replace(/^(["'])(.*)\1$/, '$2');
}

// Without JavaScript every tab panel shows, each under its label, and the inert tab list hides. Inside
// <noscript>, so browsers running scripts never parse it.
const TABS_NO_SCRIPT_CSS =
  '.tabs>[role=tablist]{display:none}.tabs>[role=tabpanel][hidden]{display:block}.tabs__panel-label{display:block!important}';
const LIVE_EXAMPLE_NO_SCRIPT_CSS = '.live-example [data-island-status]{display:none}';

// Every code block's copy button, written with the block so it is there from the first paint (its island, loaded
// when a reader reaches for it, gives it the action; without JavaScript NO_SCRIPT_STYLE hides it), and the polite
// live region that announces the result. Drawn for this site: two overlapping sheets, and a check mark for "copied".
const COPY_BUTTON_HTML =
  `<button type="button" class="copy-button" aria-label="${CONTENT_STRINGS.copyCode}" title="${CONTENT_STRINGS.copyCode}">` +
  '<svg class="copy-button__icon copy-button__icon--copy" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><rect x="5.25" y="5.25" width="8.5" height="8.5" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M10.75 2.75v-.5a1 1 0 0 0-1-1h-6.5a1 1 0 0 0-1 1v6.5a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" stroke-width="1.5"/></svg>' +
  '<svg class="copy-button__icon copy-button__icon--done" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="m2.75 8.5 3.5 3.5 7-7.5" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"/></svg>' +
  '</button><span class="visually-hidden" role="status"></span>';

interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

interface TabsProps {
  /** Tab groups with the same id switch together and remember the choice. */
  groupId?: string;
  defaultValue?: string;
  children?: ReactNode;
}

interface FigureProps {
  src: string;
  alt: string;
  caption?: string;
  /** Set by remark-doc-images: the picture's absolute path, its dark twin's, and whether it is on the first screen. */
  image?: string;
  dark?: string;
  eager?: boolean;
}

export function createMdxComponents({ file, drawCode, lineOffset = 0, images = new Map() }: MdxComponentsContext) {
  // Ids unique within the doc, stable across builds.
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}-${(sequence += 1)}`;
  const fail = (message: string): never => {
    throw new Error(`${file}: ${message}`);
  };

  interface CodeBlockProps {
    code: string;
    lang: string;
    title?: string;
    highlight?: string;
    partial?: boolean;
    /** The fence's line in the MDX body. */
    line?: string;
  }

  function CodeBlock({ code, lang, title, highlight, partial, line }: CodeBlockProps) {
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
        className="code-block__body"
        {...(hasHints ? islandMarker('type-hints') : {})}
        dangerouslySetInnerHTML={{ __html: html + COPY_BUTTON_HTML }}
      />
    );
    // A marked block shows lines the code does not end with: its copy button copies the final code instead.
    const copyText = hasCodeMarks(code) ? { [COPY_TEXT_ATTRIBUTE]: finalCode(code) } : {};
    // A sample that compiles on its own gets "Edit and run" (an island right after it); a marked sample opens as
    // the code it ends with, which the island cannot read back from the highlighted lines.
    const playground = compilesSample(lang, Boolean(partial)) ? (
      <div
        className="playground-launch"
        {...islandMarker('playground')}
        data-noprint=""
        data-lang={lang === 'tsx' ? 'tsx' : 'ts'}
        data-code={hasCodeMarks(code) ? finalCode(code) : undefined}
      >
        <button type="button" className="button-secondary playground-launch__button">
          {PLAYGROUND_LAUNCH_STRINGS.editAndRun}
        </button>
      </div>
    ) : null;
    if (!title) {
      return (
        <>
          <div className="code-block" {...islandMarker('copy')} data-language={lang} {...copyText}>
            {body}
          </div>
          {playground}
        </>
      );
    }
    return (
      <>
        <figure className="code-block" {...islandMarker('copy')} data-language={lang} {...copyText}>
          <figcaption className="code-block__title">{title}</figcaption>
          {body}
        </figure>
        {playground}
      </>
    );
  }

  function Mermaid({ code, title }: { code: string; title?: string }) {
    return (
      <div className="mermaid-diagram" {...islandMarker('mermaid')}>
        {/* Focusable: on a phone the drawing is wider than the column and scrolls sideways, by keyboard too. */}
        <div
          className="mermaid-diagram__output"
          role="img"
          aria-label={diagramTitle(code, title)}
          tabIndex={0}
          data-mermaid-output
          hidden
        />
        <div className="island-status" data-island-status />
        <details className="mermaid-diagram__source" open>
          <summary>{CONTENT_STRINGS.diagramSource}</summary>
          <CodeBlock code={code} lang="mermaid" />
        </details>
      </div>
    );
  }

  function Admonition({ type = 'note', title, children }: { type?: string; title?: string; children?: ReactNode }) {
    if (!Object.hasOwn(ADMONITION_TYPES, type)) {
      fail(`<Admonition type="${type}"> is not a known type (use ${Object.keys(ADMONITION_TYPES).join(', ')})`);
    }
    const { label, icon } = ADMONITION_TYPES[type as AdmonitionType];
    return (
      <aside className={`admonition admonition--${type}`} aria-label={title ? `${label}: ${title}` : label}>
        <p className="admonition__heading">
          <AdmonitionIcon icon={icon} />
          <span>{title ?? label}</span>
        </p>
        <div className="admonition__content">{children}</div>
      </aside>
    );
  }

  function TabItem({ value }: TabItemProps): ReactNode {
    return fail(`<TabItem value="${value}"> must be a direct child of <Tabs>`);
  }

  function Tabs({ groupId, defaultValue, children }: TabsProps) {
    const items = Children.toArray(children).map((child) => {
      if (!isValidElement(child) || child.type !== TabItem) fail('<Tabs> may only contain <TabItem> elements');
      return (child as ReactElement<TabItemProps>).props;
    });
    if (items.length === 0) fail('<Tabs> needs at least one <TabItem>');
    const values = items.map((item) => item.value);
    values.forEach((value, index) => {
      if (typeof value !== 'string' || value === '') fail('every <TabItem> needs a non-empty value');
      if (values.indexOf(value) !== index) fail(`<Tabs> has two <TabItem value="${value}">`);
    });
    const selected = defaultValue ?? items.find((item) => item.default)?.value ?? (values[0] as string);
    if (!values.includes(selected)) fail(`<Tabs defaultValue="${selected}"> matches no <TabItem> (${values.join(', ')})`);
    const base = nextId('tabs');
    return (
      <div className="tabs" {...islandMarker('tabs')} data-group-id={groupId}>
        <div role="tablist" className="tabs__list">
          {items.map((item, index) => (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${base}-tab-${index}`}
              className="tabs__tab"
              aria-selected={item.value === selected}
              aria-controls={`${base}-panel-${index}`}
              tabIndex={item.value === selected ? 0 : -1}
              data-value={item.value}
            >
              {item.label ?? item.value}
            </button>
          ))}
        </div>
        {items.map((item, index) => (
          <div
            key={item.value}
            role="tabpanel"
            id={`${base}-panel-${index}`}
            className="tabs__panel"
            aria-labelledby={`${base}-tab-${index}`}
            tabIndex={0}
            hidden={item.value !== selected}
            data-value={item.value}
          >
            <p className="tabs__panel-label">{item.label ?? item.value}</p>
            {item.children}
          </div>
        ))}
        <noscript>
          <style>{TABS_NO_SCRIPT_CSS}</style>
        </noscript>
      </div>
    );
  }

  function LiveExample({ id, title }: { id: string; title?: string }) {
    if (!isLiveExampleId(id)) {
      fail(
        `<LiveExample id="${id}"> names no example: add src/examples/${id}/index.tsx and register "${id}" in ` +
          `src/contract/live-example-ids.ts (known ids: ${LIVE_EXAMPLE_IDS.join(', ')})`,
      );
    }
    const titleId = nextId('live-example');
    return (
      <figure className="live-example" {...islandMarker('live-example')} data-example-id={id} aria-labelledby={titleId}>
        <figcaption id={titleId} className="live-example__title">
          Live example: {title ?? id}
        </figcaption>
        {/* The stage reserves the example's height (styles.module.css) so mounting it shifts nothing. */}
        <div className="live-example__stage">
          <div className="island-status" data-island-status>
            <p role="status">{CONTENT_STRINGS.loadingExample}</p>
          </div>
          <div className="live-example__root" data-live-example-root />
        </div>
        <noscript>
          <p>{CONTENT_STRINGS.noScriptExample}</p>
          <style>{LIVE_EXAMPLE_NO_SCRIPT_CSS}</style>
        </noscript>
      </figure>
    );
  }

  // GatsbyImage's wrapper, sizer and <picture> (MainImage) without its fade-in: GatsbyImage hides the picture until
  // a script of its own shows it, which would leave it blank without JavaScript, on paper, and on every first load
  // pay for that script. Here the picture shows as it arrives, over its placeholder colour.
  function RasterPicture({ image, alt, loading }: { image: IGatsbyImageData; alt: string; loading: 'eager' | 'lazy' }) {
    const { width, height, backgroundColor } = image;
    // One line per srcset, as GatsbyImage writes it (gatsbyImageData separates the candidates with newlines).
    const oneLine = (srcSet: string) => srcSet.replace(/\n/g, '');
    const images = {
      fallback: image.images.fallback && { ...image.images.fallback, srcSet: image.images.fallback.srcSet && oneLine(image.images.fallback.srcSet) },
      sources: image.images.sources?.map((source) => ({ ...source, srcSet: oneLine(source.srcSet) })),
    };
    const box = `<svg height='${Math.round(height)}' width='${width}' xmlns='http://www.w3.org/2000/svg' version='1.1'></svg>`;
    return (
      <div
        data-gatsby-image-wrapper=""
        className="gatsby-image-wrapper gatsby-image-wrapper-constrained"
        style={{ position: 'relative', overflow: 'hidden', display: 'inline-block', verticalAlign: 'top', backgroundColor }}
      >
        {/* Reserves the picture's box before it loads (no layout shift), at most its width, scaled down with the column. */}
        <div style={{ maxWidth: width, display: 'block' }}>
          <img
            alt=""
            role="presentation"
            aria-hidden="true"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(box)}`}
            style={{ maxWidth: '100%', display: 'block', position: 'static' }}
          />
        </div>
        <MainImage
          {...images}
          alt={alt}
          loading={loading}
          width={width}
          height={Math.round(height)}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </div>
    );
  }

  function Picture({ data, alt, loading, className }: { data: DocImageData; alt: string; loading: 'eager' | 'lazy'; className?: string }) {
    if (data.kind === 'pending') {
      // Honest about it: the picture itself appears with Gatsby's own update, a moment later.
      return (
        <div className={`${className ?? ''} doc-image__pending`.trim()} role="img" aria-label={alt}>
          {CONTENT_STRINGS.imagePending}
        </div>
      );
    }
    return (
      <div className={className}>
        {data.kind === 'raster' ? (
          <RasterPicture image={data.image} alt={alt} loading={loading} />
        ) : (
          // SVG as it is, from its own URL (an <img> runs none of its scripts); width and height reserve its box.
          <img className="doc-image__svg" src={data.src} width={data.width} height={data.height} alt={alt} loading={loading} decoding="async" />
        )}
      </div>
    );
  }

  function Figure({ src, alt, caption, image, dark, eager }: FigureProps) {
    const light = image ? images.get(image) : undefined;
    if (!light) return fail(`<Figure src="${src}"> was not processed: write src as a quoted path to a picture beside the MDX file`);
    const darkData = dark ? images.get(dark) : undefined;
    // With a dark twin both pictures are lazy: the browser then fetches only the one its colour mode displays.
    const loading = eager && !darkData ? 'eager' : 'lazy';
    const pictures = darkData ? (
      <>
        <Picture data={light} alt={alt} loading={loading} className={DOC_IMAGE_LIGHT_CLASS} />
        <Picture data={darkData} alt={alt} loading={loading} className={DOC_IMAGE_DARK_CLASS} />
      </>
    ) : (
      <Picture data={light} alt={alt} loading={loading} />
    );
    const full = largestPicture(light);
    const linked = alt !== '' && full.src !== '';
    return (
      // A decorative picture (alt="") is no link: there is nothing to name it by, nor to look at more closely.
      <figure className={DOC_IMAGE_CLASS} {...islandMarker('image')}>
        {linked ? (
          <a className={DOC_IMAGE_LINK_CLASS} href={full.src} {...{ [FULL_WIDTH_ATTRIBUTE]: full.width }}>
            {pictures}
          </a>
        ) : (
          pictures
        )}
        {caption ? <figcaption className="doc-image__caption">{caption}</figcaption> : null}
      </figure>
    );
  }

  return {
    CodeBlock,
    Figure,
    Mermaid,
    Admonition,
    Tabs,
    TabItem,
    LiveExample,
    // Code outside fences (raw <pre> in JSX) scrolls sideways too: reachable by keyboard (WCAG 2.1.1).
    pre: (props: Record<string, unknown>) => <pre {...props} tabIndex={0} />,
  };
}
