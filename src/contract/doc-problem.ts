/**
 * What a doc shows in `gatsby develop` in place of a body that cannot be rendered (an MDX syntax error, a sample
 * that does not compile): the error as the terminal prints it, naming the file and line. A production build fails
 * on the same error instead. Plain HTML, made by the build (Mdx.html) and by the live preview alike.
 */
export const DOC_PROBLEM_CLASS = 'doc-problem';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function docProblemHtml(message: string): string {
  return (
    `<div class="${DOC_PROBLEM_CLASS}" role="alert">` +
    '<p class="doc-problem__title">This page cannot be shown until the error below is fixed</p>' +
    `<pre class="doc-problem__message" tabindex="0">${escapeHtml(message)}</pre>` +
    '<p class="doc-problem__hint">Fix the file and save it: the page comes back by itself.</p>' +
    '</div>'
  );
}
