// Conditional requests as nginx answers them for a static file (its not-modified and range filters, measured on
// Debian's nginx 1.22), so `npm run serve` and nginx send the same validators and the same 304, 412 and If-Range
// answers. Hand-written: send (with fresh) reads If-Modified-Since, If-Match, If-Range and a request's
// `Cache-Control: no-cache` otherwise than nginx (scripts/__tests__/send-vs-nginx.test.js), and its etag package
// writes another validator than nginx for the same file.

/** A file's validators as nginx writes them: `ETag: "<mtime in seconds, hex>-<size, hex>"`, and its Last-Modified. */
export function fileValidators(stats) {
  const seconds = Math.floor(stats.mtimeMs / 1000);
  return { etag: `"${seconds.toString(16)}-${stats.size.toString(16)}"`, lastModified: new Date(seconds * 1000).toUTCString() };
}

/** The ETag of a compressed answer: nginx's gzip marks it weak (the bytes differ, the content does not). */
export const weakEtag = (etag) => (etag.startsWith('W/') ? etag : `W/${etag}`);

// The three date forms of HTTP (IMF-fixdate, RFC 850, asctime), the only ones nginx reads.
const HTTP_DATE = /^(?:[a-z]{3}, \d\d [a-z]{3} \d{4} \d\d:\d\d:\d\d GMT|[a-z]+, \d\d-[a-z]{3}-\d\d \d\d:\d\d:\d\d GMT|[a-z]{3} [a-z]{3} [ \d]\d \d\d:\d\d:\d\d \d{4})$/i;

/** A header's HTTP date in milliseconds, or NaN when it is none. */
export function httpDate(value) {
  if (typeof value !== 'string' || !HTTP_DATE.test(value)) return NaN;
  // asctime names no zone, and JavaScript would read it as local time: every HTTP date is GMT.
  return Date.parse(value.endsWith('GMT') ? value : `${value} GMT`);
}

/**
 * Whether a list of entity tags (If-Match, If-None-Match) names `etag`: `*` names any. A weak comparison ignores
 * a `W/` before a listed tag; a strong one does not, so a weak tag never matches.
 */
export function listsEtag(list, etag, { weak }) {
  if (list.trim() === '*') return true;
  return list.split(',').some((item) => {
    const tag = item.trim();
    return (weak && tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

/**
 * The status of a GET or HEAD of a file that exists, by the request's conditions, in nginx's order: 412 when
 * If-Unmodified-Since is before the file's date or If-Match names another version; 304 when every condition among
 * If-Modified-Since (the file's exact date) and If-None-Match (a weak match) says the client's copy is current;
 * else 200.
 * @param {Record<string, string | undefined>} headers  the request's headers (lower case)
 * @param {{ etag: string, lastModified: string }} validators  the file's (fileValidators)
 * @returns {200 | 304 | 412}
 */
export function conditionalStatus(headers, { etag, lastModified }) {
  const modified = Date.parse(lastModified);
  const unmodifiedSince = headers['if-unmodified-since'];
  if (unmodifiedSince !== undefined && !(httpDate(unmodifiedSince) >= modified)) return 412;
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined && !listsEtag(ifMatch, etag, { weak: false })) return 412;
  const modifiedSince = headers['if-modified-since'];
  const noneMatch = headers['if-none-match'];
  if (modifiedSince === undefined && noneMatch === undefined) return 200;
  if (modifiedSince !== undefined && httpDate(modifiedSince) !== modified) return 200;
  if (noneMatch !== undefined && !listsEtag(noneMatch, etag, { weak: true })) return 200;
  return 304;
}

/**
 * Whether a Range applies, by If-Range: always without it; with an entity tag, only when it is the file's ETag
 * exactly; with a date, only when it is the file's Last-Modified. Otherwise the whole file is sent (200), so a
 * client resuming a download of a file that has changed since gets the new file, not a slice of it.
 */
export function rangeStillValid(ifRange, { etag, lastModified }) {
  if (ifRange === undefined) return true;
  if (ifRange.length >= 2 && ifRange.endsWith('"')) return ifRange === etag;
  return httpDate(ifRange) === Date.parse(lastModified);
}
