import { withoutPeerConnections } from '@src/theme/islands/Playground/frame/lockdown';
import { MemoryStorage } from '@src/theme/islands/Playground/frame/storage';

describe("the frame's lockdown", () => {
  it("deletes every WebRTC interface of the window, and nothing else", () => {
    class RTCPeerConnection {}
    const win: Record<string, unknown> = {
      RTCPeerConnection,
      webkitRTCPeerConnection: RTCPeerConnection,
      RTCDataChannel: class {},
      RTCIceTransport: class {},
      fetch: () => undefined,
      console,
    };
    expect(withoutPeerConnections(win).sort()).toEqual(['RTCDataChannel', 'RTCIceTransport', 'RTCPeerConnection', 'webkitRTCPeerConnection']);
    expect(Object.keys(win).sort()).toEqual(['console', 'fetch']);
  });
});

describe("the frame's storage", () => {
  it('behaves as a Storage: strings in, strings out, null for a missing key', () => {
    const storage = new MemoryStorage();
    storage.setItem('draft', 'hello');
    storage.setItem('count', 3 as unknown as string);
    expect(storage.getItem('draft')).toBe('hello');
    expect(storage.getItem('count')).toBe('3');
    expect(storage.getItem('missing')).toBeNull();
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe('count');
    expect(storage.key(5)).toBeNull();
    storage.removeItem('draft');
    expect(storage.length).toBe(1);
    storage.clear();
    expect(storage.length).toBe(0);
  });
});
