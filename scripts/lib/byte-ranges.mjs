// Byte ranges of a file as nginx answers them (its range filter, measured on Debian's nginx 1.22): `npm run serve`
// reads a Range header the same way, so a client sees one behaviour on both servers.
import crypto from 'node:crypto';
import fs from 'node:fs';

/** The largest offset nginx reads (off_t); a longer number makes the header unsatisfiable. */
const MAX_OFFSET = 2n ** 63n - 1n;

/** One range of a Range header, as nginx's parser accepts it: spaces around the numbers, nothing else. */
const RANGE_SPEC = /^ *(?:(\d+) *- *(\d*)|-(\d+)) *$/;

/**
 * The Range header against a file of `size` bytes, read as nginx reads it: null to send the whole file (no header,
 * another unit, ranges that add up to more than the file, such as overlapping or repeated ones), 'unsatisfiable'
 * for 416 (a malformed range, or none that starts inside the file), else the ranges in the order asked, each as
 * asked (`end` inclusive). Hand-written: send (range-parser) reads these otherwise than nginx, see
 * scripts/__tests__/send-vs-nginx.test.js.
 */
export function requestedRanges(header, size) {
  if (!header || header.length < 7 || header.slice(0, 6).toLowerCase() !== 'bytes=') return null;
  const ranges = [];
  let total = 0;
  for (const spec of header.slice(6).split(',')) {
    const match = RANGE_SPEC.exec(spec);
    if (!match || match.slice(1).some((digits) => digits && BigInt(digits) > MAX_OFFSET)) return 'unsatisfiable';
    const [, first, last, suffix] = match;
    // Half-open [start, end), clamped to the file as nginx does: a suffix longer than the file is the whole file.
    let start;
    let end;
    if (suffix !== undefined) {
      start = Math.max(size - Number(suffix), 0);
      end = size;
    } else {
      start = Number(first);
      end = last === '' ? size : Math.min(Number(last) + 1, size);
    }
    if (start < end) {
      ranges.push({ start, end: end - 1 });
      total += end - start;
    } else if (start === 0) {
      return null; // an empty file: nginx sends it whole
    }
  }
  if (ranges.length === 0) return 'unsatisfiable';
  // nginx's guard against a few bytes of header asking for the file many times over: the file, once.
  return total > size ? null : ranges;
}

/**
 * Several byte ranges as one multipart/byteranges body (RFC 9110, 14.6), each range as asked. Hand-written: send
 * serves one range or the whole file, and no well-kept package writes this format.
 */
export function multipartByteranges(file, ranges, size, type) {
  const boundary = crypto.randomBytes(12).toString('hex');
  const heads = ranges.map(({ start, end }) =>
    Buffer.from(`\r\n--${boundary}\r\nContent-Type: ${type}\r\nContent-Range: bytes ${start}-${end}/${size}\r\n\r\n`),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = heads.reduce((sum, head, i) => sum + head.length + ranges[i].end - ranges[i].start + 1, tail.length);
  async function* body() {
    // One read of the file, however many ranges: together they hold no more bytes than it.
    const bytes = await fs.promises.readFile(file);
    for (const [i, { start, end }] of ranges.entries()) {
      yield heads[i];
      yield bytes.subarray(start, end + 1);
    }
    yield tail;
  }
  return { type: `multipart/byteranges; boundary=${boundary}`, length, body };
}
