/**
 * Share links: the code, deflated (the browser's own CompressionStream; zlib's format, whose checksum makes a
 * mangled link fail to open rather than open altered code) and written in base64url, in the URL
 * fragment (`/playground#lang=tsx&version=1.0.0-rc14&code=…`), with the release the code runs against (a link
 * without one runs the last version: src/contract/playground-versions.ts). Nothing is stored anywhere; base64url needs no percent-decoding.
 * A link is untrusted: a few hundred kilobytes of deflate can unpack to gigabytes, so unpacking stops as soon as
 * the code passes MAX_SHARED_CODE_BYTES.
 */
import type { PlaygroundLanguage } from '../../../contract/playground';
import { PLAYGROUND_ROUTE } from '../../../contract/playground';
import { VERSION_PARAM } from '../../../contract/playground-versions';

/** The most code a link may unpack to, in bytes of UTF-8 (about 20,000 lines of samples). */
export const MAX_SHARED_CODE_BYTES = 1024 * 1024;
/** Compressed bytes fed to the decompressor at a time: deflate expands at most about 1,032 times, so one slice
 * yields at most about 1 MB before the size is looked at again. */
const INFLATE_SLICE_BYTES = 1024;

const tooLarge = (limit: number) =>
  new Error(
    `The link is too large: its code unpacks to more than ${(limit / 1024 / 1024).toLocaleString('en-US')} MB, more than the playground opens.`,
  );

async function compress(bytes: Uint8Array): Promise<Uint8Array> {
  const output = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(output).arrayBuffer());
}

/**
 * Inflates zlib data, reading the output as it is produced and giving up once it passes `limit` bytes: the input
 * goes in small slices, pulled only as the output is read, so a bomb is never unpacked past the limit.
 * `onOutput` is told the bytes unpacked so far, after each piece (tests use it to see where unpacking stopped).
 */
export async function inflateBounded(compressed: Uint8Array, limit: number, onOutput?: (bytes: number) => void): Promise<Uint8Array> {
  let offset = 0;
  const input = new ReadableStream<BufferSource>(
    {
      pull(controller) {
        if (offset >= compressed.length) {
          controller.close();
          return;
        }
        const slice = compressed.slice(offset, offset + INFLATE_SLICE_BYTES);
        offset += slice.length;
        controller.enqueue(slice);
      },
    },
    { highWaterMark: 0 },
  );
  const reader = input.pipeThrough(new DecompressionStream('deflate')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    onOutput?.(size);
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('The link is damaged: its code has characters base64url does not use.');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The code as a fragment value. */
export async function encodeCode(code: string): Promise<string> {
  return toBase64Url(await compress(new TextEncoder().encode(code)));
}

/** The code a fragment value holds; throws a reader-facing message when it is damaged or unpacks too large. */
export async function decodeCode(value: string, limit = MAX_SHARED_CODE_BYTES): Promise<string> {
  // Deflate never makes code larger by more than a few bytes per block, so a longer value cannot be code within the limit.
  if (value.length > Math.ceil(((limit * 1.01 + 64) * 4) / 3)) throw tooLarge(limit);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await inflateBounded(fromBase64Url(value), limit));
  } catch (error) {
    if (error instanceof Error && /^The link is (damaged|too large)/.test(error.message)) throw error;
    throw new Error('The link is damaged: its code could not be decompressed. Ask for the link again.');
  }
}

export interface SharedCode {
  code: string;
  lang: PlaygroundLanguage;
  /** The release the code runs against; absent, the last version's. */
  release?: string | null;
}

/** The fragment of a link to some code (the code last: it is by far the longest part). */
export async function shareFragment({ code, lang, release }: SharedCode): Promise<string> {
  const version = release ? `&${VERSION_PARAM}=${encodeURIComponent(release)}` : '';
  return `#lang=${lang}${version}&code=${await encodeCode(code)}`;
}

/** The share link of some code on this site. */
export async function shareUrl(origin: string, shared: SharedCode): Promise<string> {
  return `${origin}${PLAYGROUND_ROUTE}${await shareFragment(shared)}`;
}

/** The release a `#…` fragment names (checked against the versions by the page), or null when it names none. */
export const sharedRelease = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get(VERSION_PARAM) || null;

/** The code of a `#…` fragment, or null when it holds none. */
export async function readShared(hash: string): Promise<SharedCode | null> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const value = params.get('code');
  if (value === null) return null;
  const release = sharedRelease(hash);
  return { code: await decodeCode(value), lang: params.get('lang') === 'ts' ? 'ts' : 'tsx', ...(release === null ? {} : { release }) };
}
