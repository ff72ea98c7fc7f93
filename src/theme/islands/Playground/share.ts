/**
 * Share links: the code, deflated (the browser's own CompressionStream; zlib's format, whose checksum makes a
 * mangled link fail to open rather than open altered code) and written in base64url, in the URL
 * fragment (`/playground#code=…&lang=tsx`). Nothing is stored anywhere; base64url needs no percent-decoding.
 */
import type { PlaygroundLanguage } from '../../../contract/playground';
import { PLAYGROUND_ROUTE } from '../../../contract/playground';

async function transform(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const output = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
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
  return toBase64Url(await transform(new TextEncoder().encode(code), new CompressionStream('deflate')));
}

/** The code a fragment value holds; throws a reader-facing message when it is damaged. */
export async function decodeCode(value: string): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await transform(fromBase64Url(value), new DecompressionStream('deflate')));
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('The link is damaged')) throw error;
    throw new Error('The link is damaged: its code could not be decompressed. Ask for the link again.');
  }
}

export interface SharedCode {
  code: string;
  lang: PlaygroundLanguage;
}

/** The share link of some code on this site. */
export async function shareUrl(origin: string, { code, lang }: SharedCode): Promise<string> {
  return `${origin}${PLAYGROUND_ROUTE}#lang=${lang}&code=${await encodeCode(code)}`;
}

/** The code of a `#…` fragment, or null when it holds none. */
export async function readShared(hash: string): Promise<SharedCode | null> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const value = params.get('code');
  if (value === null) return null;
  return { code: await decodeCode(value), lang: params.get('lang') === 'ts' ? 'ts' : 'tsx' };
}
