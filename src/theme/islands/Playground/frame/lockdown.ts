/**
 * What the frame takes away before a reader's code runs. Chromium applies no Content-Security-Policy to WebRTC (it
 * does not know `webrtc 'block'`), so a peer connection could send what the code holds to any STUN or TURN server:
 * without its constructors there is none. Frames the code nests are sandboxed in turn, each with an origin of its
 * own, so the code cannot reach their constructors, and the frame's bootstrap runs no code in them.
 */

/** Every WebRTC interface a window exposes (RTCPeerConnection, webkitRTCPeerConnection, RTCDataChannel, …). */
export const PEER_CONNECTION_NAMES = /^(?:webkit)?RTC/;

/** Deletes the window's WebRTC interfaces; returns the names it deleted. */
export function withoutPeerConnections(win: object): string[] {
  const names = Object.getOwnPropertyNames(win).filter((name) => PEER_CONNECTION_NAMES.test(name));
  for (const name of names) delete (win as Record<string, unknown>)[name];
  return names;
}
