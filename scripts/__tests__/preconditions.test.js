/** @jest-environment node */
import { conditionalStatus, fileValidators, httpDate, listsEtag, rangeStillValid, weakEtag } from '../lib/preconditions.mjs';

// A file of 123333 bytes last changed at 2026-11-28 02:15:57.503 UTC; nginx wrote "6b0a395d-1e1c5" for it.
const stats = { size: 123333, mtimeMs: Date.UTC(2026, 10, 28, 2, 15, 57, 503) };
const validators = fileValidators(stats);
const { etag, lastModified } = validators;
const later = 'Sat, 28 Nov 2026 02:15:58 GMT';
const earlier = 'Sat, 28 Nov 2026 02:15:56 GMT';

test('fileValidators: the ETag and Last-Modified nginx sends for the same file', () => {
  expect(validators).toEqual({ etag: '"6b0a395d-1e1c5"', lastModified: 'Sat, 28 Nov 2026 02:15:57 GMT' });
  expect(weakEtag(etag)).toBe('W/"6b0a395d-1e1c5"');
  expect(weakEtag('W/"x"')).toBe('W/"x"');
});

test('httpDate reads the three forms of HTTP dates, as GMT, and nothing else', () => {
  const time = Date.UTC(2026, 10, 28, 2, 15, 57);
  expect(httpDate('Sat, 28 Nov 2026 02:15:57 GMT')).toBe(time);
  expect(httpDate('Saturday, 28-Nov-26 02:15:57 GMT')).toBe(time);
  expect(httpDate('Sat Nov 28 02:15:57 2026')).toBe(time);
  for (const value of ['2026-11-28T02:15:57Z', 'yesterday', '', undefined]) expect(httpDate(value)).toBeNaN();
});

test('listsEtag: "*" names any version; a weak comparison ignores W/, a strong one never matches it', () => {
  expect(listsEtag('*', etag, { weak: false })).toBe(true);
  expect(listsEtag(`"a", ${etag}`, etag, { weak: false })).toBe(true);
  expect(listsEtag(`"a",${etag}`, etag, { weak: true })).toBe(true);
  expect(listsEtag(`W/${etag}`, etag, { weak: true })).toBe(true);
  expect(listsEtag(`W/${etag}`, etag, { weak: false })).toBe(false);
  expect(listsEtag(`${etag}x`, etag, { weak: true })).toBe(false);
  expect(listsEtag('"stale"', etag, { weak: true })).toBe(false);
});

// What Debian's nginx 1.22 answers for each set of conditions on a file it serves (status 200 otherwise).
describe('conditionalStatus answers as nginx does', () => {
  test.each([
    [{}, 200],
    [{ 'if-none-match': etag }, 304],
    [{ 'if-none-match': `W/${etag}` }, 304],
    [{ 'if-none-match': '*' }, 304],
    [{ 'if-none-match': `"a", ${etag}` }, 304],
    [{ 'if-none-match': '"stale"' }, 200],
    [{ 'if-modified-since': lastModified }, 304],
    [{ 'if-modified-since': 'Saturday, 28-Nov-26 02:15:57 GMT' }, 304],
    // The file's own date only: a later one may be the date of another copy.
    [{ 'if-modified-since': later }, 200],
    [{ 'if-modified-since': earlier }, 200],
    [{ 'if-modified-since': '2026-11-28T02:15:57Z' }, 200],
    // Both given, both must hold; a request's Cache-Control does not matter.
    [{ 'if-none-match': etag, 'if-modified-since': earlier }, 200],
    [{ 'if-none-match': '"stale"', 'if-modified-since': lastModified }, 200],
    [{ 'if-none-match': etag, 'if-modified-since': lastModified, 'cache-control': 'no-cache' }, 304],
    [{ 'if-match': '"stale"' }, 412],
    [{ 'if-match': `W/${etag}` }, 412],
    [{ 'if-match': etag }, 200],
    [{ 'if-match': '*' }, 200],
    [{ 'if-unmodified-since': earlier }, 412],
    [{ 'if-unmodified-since': 'garbage' }, 412],
    [{ 'if-unmodified-since': lastModified }, 200],
    [{ 'if-unmodified-since': later }, 200],
    [{ 'if-match': '"stale"', 'if-none-match': etag }, 412],
  ])('%j → %i', (headers, status) => {
    expect(conditionalStatus(headers, validators)).toBe(status);
  });
});

describe('rangeStillValid: a Range applies when If-Range names this version exactly', () => {
  test.each([
    [undefined, true],
    [etag, true],
    [lastModified, true],
    ['"stale-1"', false],
    [`W/${etag}`, false],
    [later, false],
    [earlier, false],
    ['garbage', false],
  ])('If-Range %j → %s', (ifRange, applies) => {
    expect(rangeStillValid(ifRange, validators)).toBe(applies);
  });
});
