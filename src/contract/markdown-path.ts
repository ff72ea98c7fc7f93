/**
 * Where the Markdown source of a doc is published: beside its page, with `.md` appended
 * (`/docs/api/atom` → `/docs/api/atom.md`, `/docs` → `/docs.md`). Shared by the build and the link.
 */
export function markdownHref(route: string): string {
  const clean = route.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  if (clean === '') throw new Error('The site root has no Markdown source: markdownHref needs a doc route.');
  return `${clean.startsWith('/') ? '' : '/'}${clean}.md`;
}
