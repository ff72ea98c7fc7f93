/** @jest-environment node */
import { decodeCode, encodeCode, readShared, shareUrl } from '../share';

describe('share codec', () => {
  it('round-trips code with unicode, emoji and line breaks', async () => {
    const code = "const greeting = 'zażółć gęślą jaźń — 日本語 🚀';\r\nconsole.log(greeting);\n\ttabs\u0000nul";
    expect(await decodeCode(await encodeCode(code))).toBe(code);
  });

  it('round-trips large input and compresses repetitive code', async () => {
    const code = Array.from({ length: 5000 }, (_, i) => `const value${i} = atom(${i}); // ${'x'.repeat(i % 50)}`).join('\n');
    const encoded = await encodeCode(code);
    expect(encoded.length).toBeLessThan(code.length / 4);
    expect(await decodeCode(encoded)).toBe(code);
  });

  it('writes only base64url characters, which need no percent-decoding in a URL fragment', async () => {
    const encoded = await encodeCode('ÿ'.repeat(300) + '\u{10FFFF}'.repeat(100));
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encodeURIComponent(encoded)).toBe(encoded);
  });

  it('round-trips the empty program', async () => {
    expect(await decodeCode(await encodeCode(''))).toBe('');
  });

  it('says a damaged link is damaged, instead of opening garbage', async () => {
    await expect(decodeCode('not base64!')).rejects.toThrow(/The link is damaged/);
    const encoded = await encodeCode('console.log(1)');
    await expect(decodeCode(encoded.slice(0, -4) + 'AAAA')).rejects.toThrow(/The link is damaged/);
  });

  it('builds a /playground link whose fragment reads back as the code and language', async () => {
    const url = await shareUrl('https://docs.example.org', { code: 'export default () => <p>hi</p>;', lang: 'tsx' });
    expect(url).toMatch(/^https:\/\/docs\.example\.org\/playground#lang=tsx&code=[A-Za-z0-9_-]+$/);
    expect(await readShared(new URL(url).hash)).toEqual({ code: 'export default () => <p>hi</p>;', lang: 'tsx' });
    expect(await readShared('')).toBeNull();
    expect(await readShared('#lang=ts')).toBeNull();
  });
});
