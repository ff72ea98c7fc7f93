/**
 * Internal link checking: a link to no page fails the build; a link to a missing heading
 * anchor, or one written with a trailing slash, only warns.
 */
import type { ExtractedLink } from './mdx-extract';

export interface PageLinks {
  /** Repo-relative source file, used in messages: `content/docs/api/atom.mdx`. */
  file: string;
  /** The page's route, without a trailing slash: `/docs/api/atom`. */
  route: string;
  links: Array<Pick<ExtractedLink, 'url' | 'line'>>;
  headingIds: string[];
}

export interface LinkIssue {
  file: string;
  line: number;
  /** The link as written in the source. */
  target: string;
  /** The full log line, `file:line: ...`. */
  message: string;
}

export interface LinkCheckResult {
  errors: LinkIssue[];
  warnings: LinkIssue[];
}

export interface LinkCheckOptions {
  /** Files served from `static/`, such as `/img/logo.svg`; links to them are not broken. */
  staticFiles?: Iterable<string>;
}

// Only the path matters; the origin is a placeholder that lets URL resolve relative links.
const BASE = 'http://link-check.invalid';

/** A scheme (`https:`, `mailto:`) or a protocol-relative `//host` means the link leaves the site. */
const isExternal = (url: string) => /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const stripTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

interface Lookup {
  route: string | null;
  /** The link only matched after dropping a trailing slash. */
  hadTrailingSlash: boolean;
}

/** `index.html`/`.html` are stripped when no exact route matches; paths have no trailing slash. */
function lookup(path: string, known: ReadonlySet<string>): Lookup {
  if (known.has(path)) return { route: path, hadTrailingSlash: false };
  if (path.endsWith('/index.html')) {
    const route = path.slice(0, -'/index.html'.length) || '/';
    return { route: known.has(route) ? route : null, hadTrailingSlash: false };
  }
  if (path.endsWith('.html')) {
    const route = path.slice(0, -'.html'.length);
    return { route: known.has(route) ? route : null, hadTrailingSlash: false };
  }
  const route = stripTrailingSlash(path);
  if (route !== path && known.has(route)) return { route, hadTrailingSlash: true };
  return { route: null, hadTrailingSlash: false };
}

/** The link as it should be written: the same, minus the trailing slash of its path part. */
const withoutTrailingSlash = (url: string) => {
  const cut = url.search(/[?#]/);
  const [path, rest] = cut === -1 ? [url, ''] : [url.slice(0, cut), url.slice(cut)];
  return `${path.replace(/\/+$/, '')}${rest}`;
};

/** Checks every internal link of the pages against the known routes and the pages' heading ids. */
export function checkLinks(
  pages: readonly PageLinks[],
  knownRoutes: Iterable<string>,
  options: LinkCheckOptions = {},
): LinkCheckResult {
  const known = new Set([...knownRoutes].map(stripTrailingSlash));
  for (const file of options.staticFiles ?? []) known.add(file);
  for (const page of pages) known.add(page.route);
  const headingsByRoute = new Map(pages.map((page) => [page.route, new Set(page.headingIds)]));
  const errors: LinkIssue[] = [];
  const warnings: LinkIssue[] = [];

  for (const page of pages) {
    for (const { url, line } of page.links) {
      const target = url.trim();
      if (isExternal(target)) continue;
      const issue = (message: string): LinkIssue => ({
        file: page.file,
        line,
        target,
        message: `${page.file}:${line}: ${message}`,
      });
      const resolved = new URL(target, `${BASE}${page.route}`);
      const path = safeDecode(resolved.pathname);
      const found = lookup(path, known);
      if (found.route === null) {
        const shown = target.startsWith('/') ? `"${target}"` : `"${target}" (resolves to "${path}")`;
        errors.push(issue(`broken link to ${shown}: no page has this route. Fix the link or create the page.`));
        continue;
      }
      if (found.hadTrailingSlash) {
        const canonical = withoutTrailingSlash(target);
        warnings.push(
          issue(`link to "${target}" ends with a slash; write "${canonical}" (routes have no trailing slash, so this redirects).`),
        );
      }
      const anchor = safeDecode(resolved.hash.slice(1));
      // Anchors are checked only on pages whose headings we know (the docs); `/` or `/search` are not.
      const headings = headingsByRoute.get(found.route);
      if (anchor !== '' && headings && !headings.has(anchor)) {
        warnings.push(
          issue(`broken anchor "#${anchor}" in link to "${found.route}": that page has no heading with this id.`),
        );
      }
    }
  }
  return { errors, warnings };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The build-log text: a summary line, then the broken links, then the warnings. */
export function formatLinkReport(result: LinkCheckResult): string {
  const { errors, warnings } = result;
  if (errors.length === 0 && warnings.length === 0) return 'Link check: every internal link resolves.';
  const lines = [`Link check: ${plural(errors.length, 'broken link')}, ${plural(warnings.length, 'warning')}.`];
  if (errors.length > 0) {
    lines.push('Broken links (the build fails until they are fixed):', ...errors.map((e) => `  ${e.message}`));
  }
  if (warnings.length > 0) lines.push('Warnings:', ...warnings.map((w) => `  ${w.message}`));
  return lines.join('\n');
}
