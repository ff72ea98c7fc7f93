/** @jest-environment node */
import zlib from 'zlib';
import { decodeCode, encodeCode, inflateBounded, MAX_SHARED_CODE_BYTES, readShared, sharedRelease, shareUrl } from '@src/theme/islands/Playground/share';
import { chooseVersion } from '@src/contract/playground-versions';

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

  it('names the release the code runs against, and reads it back; a link without one names none', async () => {
    const url = await shareUrl('https://docs.example.org', { code: 'console.log(1);', lang: 'ts', release: '1.0.0-rc14' });
    expect(url).toMatch(/^https:\/\/docs\.example\.org\/playground#lang=ts&version=1\.0\.0-rc14&code=[A-Za-z0-9_-]+$/);
    expect(await readShared(new URL(url).hash)).toEqual({ code: 'console.log(1);', lang: 'ts', release: '1.0.0-rc14' });
    expect(sharedRelease(new URL(url).hash)).toBe('1.0.0-rc14');
    expect(sharedRelease('#lang=ts&code=abc')).toBeNull();
    expect(sharedRelease('#lang=ts&version=&code=abc')).toBeNull();
  });
});

describe('the version a launch or link asks for', () => {
  const versions = [
    { name: 'current', release: '1.2.0-rc4' },
    { name: '1.0.0-rc14', release: '1.0.0-rc14' },
  ];

  it('is the last version when nothing is asked for, so links made before versions keep working', () => {
    expect(chooseVersion(null, versions)).toEqual({ version: versions[0], unknown: null });
    expect(chooseVersion(undefined, versions)).toEqual({ version: versions[0], unknown: null });
  });

  it('is found by docs version name (a launch) or release (a link, which stays right after a new version is cut)', () => {
    expect(chooseVersion('1.0.0-rc14', versions).version).toBe(versions[1]);
    expect(chooseVersion('current', versions).version).toBe(versions[0]);
    expect(chooseVersion('1.2.0-rc4', versions).version).toBe(versions[0]);
  });

  it('falls back to the last version for a release the site does not run, saying what was asked for', () => {
    expect(chooseVersion('0.9.0', versions)).toEqual({ version: versions[0], unknown: '0.9.0' });
  });

  describe('a link that unpacks too large (a compression bomb)', () => {
    // 64 MB of one character deflates to about 64 KB: the shape of a bomb, small enough to make here.
    const bomb = zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const asLink = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

    it('is refused with a message that says so, not unpacked', async () => {
      expect(bomb.length).toBeLessThan(100 * 1024);
      await expect(decodeCode(asLink(bomb))).rejects.toThrow(
        'The link is too large: its code unpacks to more than 1 MB, more than the playground opens.',
      );
    });

    it('stops reading the unpacked code as soon as it passes the limit, not once all of it is unpacked', async () => {
      let unpacked = 0;
      await expect(inflateBounded(bomb, MAX_SHARED_CODE_BYTES, (bytes) => (unpacked = bytes))).rejects.toThrow(/too large/);
      expect(unpacked).toBeGreaterThan(MAX_SHARED_CODE_BYTES);
      expect(unpacked).toBeLessThan(MAX_SHARED_CODE_BYTES + 256 * 1024);
    });

    it('opens code up to the limit, and refuses one byte more', async () => {
      const code = 'x'.repeat(1000);
      expect(await decodeCode(await encodeCode(code), 1000)).toBe(code);
      await expect(decodeCode(await encodeCode(`${code}x`), 1000)).rejects.toThrow(/The link is too large/);
    });

    it('refuses a value too long to hold code within the limit without decoding it', async () => {
      const incompressible = asLink(zlib.deflateSync(Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251))));
      await expect(decodeCode(incompressible, 1000)).rejects.toThrow(/The link is too large/);
      await expect(decodeCode('A'.repeat(2 * 1024 * 1024))).rejects.toThrow(/The link is too large/);
    });
  });
});
