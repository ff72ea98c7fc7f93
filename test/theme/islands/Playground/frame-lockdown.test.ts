import { withoutPeerConnections } from '@src/theme/islands/Playground/frame/lockdown';

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
