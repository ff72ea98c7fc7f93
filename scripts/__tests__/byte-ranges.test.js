/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { multipartByteranges, requestedRanges } from '../lib/byte-ranges.mjs';

// What Debian's nginx 1.22 answers for each header against a 100-byte file (measured with its range filter).
describe('requestedRanges reads a Range header as nginx does', () => {
  test.each([
    ['bytes=0-9', [[0, 9]]],
    ['BYTES=0-9', [[0, 9]]],
    ['bytes=90-', [[90, 99]]],
    ['bytes=-10', [[90, 99]]],
    // A suffix longer than the file is the whole file, an end past it stops at the last byte.
    ['bytes=-500', [[0, 99]]],
    ['bytes=50-500', [[50, 99]]],
    ['bytes= 0 - 9 , 20-29', [[0, 9], [20, 29]]],
    ['bytes=0 -9', [[0, 9]]],
    // Several ranges are kept as asked, in order and apart, while they add up to no more than the file.
    ['bytes=0-9,5-15,0-4', [[0, 9], [5, 15], [0, 4]]],
    ['bytes=0-49,50-', [[0, 49], [50, 99]]],
    // A range that starts past the end is left out when another one is satisfiable.
    ['bytes=5-2,0-9', [[0, 9]]],
    ['bytes=200-,0-9', [[0, 9]]],
  ])('%j → 206 of %j', (header, ranges) => {
    expect(requestedRanges(header, 100)).toEqual(ranges.map(([start, end]) => ({ start, end })));
  });

  test.each([
    [undefined],
    [''],
    ['bytes='],
    ['items=0-9'],
    // Ranges adding up to more than the file (overlapping, repeated) get the file once.
    ['bytes=0-,0-'],
    ['bytes=0-50,40-'],
    [`bytes=${Array(1700).fill('0-').join(',')}`],
    ['bytes=0-9223372036854775807,0-'],
  ])('%j → the whole file (200)', (header) => {
    expect(requestedRanges(header, 100)).toBeNull();
  });

  test.each([
    ['bytes=100-'],
    ['bytes=5-2'],
    ['bytes=-0'],
    ['bytes=abc'],
    ['bytes=0-9x'],
    ['bytes=0-9,'],
    ['bytes=,0-9'],
    ['bytes=- 5'],
    ['bytes=0-9\t'],
    ['bytes=0-9223372036854775808'],
    ['bytes=99999999999999999999-'],
  ])('%j → 416', (header) => {
    expect(requestedRanges(header, 100)).toBe('unsatisfiable');
  });

  test('an empty file is sent whole, as nginx sends it', () => {
    expect(requestedRanges('bytes=0-', 0)).toBeNull();
  });

  test('a 15 KB header of whole-file ranges is read in linear time and asks for the file once', () => {
    const header = `bytes=${Array(3000).fill('0-151233').join(',')}`;
    expect(header.length).toBeGreaterThan(15_000);
    const started = process.hrtime.bigint();
    expect(requestedRanges(header, 151_234)).toBeNull();
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
  });
});

test('multipartByteranges: every range as asked, its length announced, the file read once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ranges-'));
  const file = path.join(dir, 'f.txt');
  fs.writeFileSync(file, 'abcdefghijklmnopqrstuvwxyz');
  const reads = jest.spyOn(fs.promises, 'readFile');
  const ranges = [{ start: 0, end: 2 }, { start: 1, end: 1 }, { start: 23, end: 25 }];
  const multipart = multipartByteranges(file, ranges, 26, 'text/plain; charset=utf-8');
  const chunks = [];
  for await (const chunk of multipart.body()) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString();
  expect(reads).toHaveBeenCalledTimes(1);
  reads.mockRestore();
  const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(multipart.type)[1];
  expect(multipart.length).toBe(Buffer.byteLength(body));
  expect(body).toBe(
    [['0-2', 'abc'], ['1-1', 'b'], ['23-25', 'xyz']]
      .map(([range, text]) => `\r\n--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Range: bytes ${range}/26\r\n\r\n${text}`)
      .join('') + `\r\n--${boundary}--\r\n`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
});
