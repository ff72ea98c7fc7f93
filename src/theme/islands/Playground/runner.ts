/**
 * Runs compiled code in a fresh sandboxed frame per run (`sandbox="allow-scripts"`: an opaque origin, so the code
 * reaches neither the site's storage nor its cookies). The page hands the frame its runtime and a MessagePort by
 * postMessage, then the code through the port; the frame beats while its thread is free. A frame silent for STALL_MS is removed: Chromium runs
 * a sandboxed frame in a process of its own, so an endless loop there never blocks the page meanwhile.
 */
import { isFrameEvent, PLAYGROUND_FRAME_PATH, type ConsoleLevel, type FrameRequest } from '../../../contract/playground';
import { latePiece } from '../loader';
import { playgroundAsset } from './assets';
import { missingImports } from './frame/modules';

/** How long a frame may be silent (no heartbeat, no answer) before its code is stopped, in ms. */
export const STALL_MS = 3000;
/** How long a new frame may take to load and start its runtime, in ms. */
export const START_MS = 15000;

export const frameRuntimePiece = latePiece('The sandbox', (attempt) =>
  fetch(playgroundAsset('runtime.js', attempt)).then((response) => {
    if (!response.ok) throw new Error(`runtime.js: HTTP ${response.status}`);
    return response.text();
  }),
);

export type RunOutput =
  | { kind: 'console'; level: ConsoleLevel; text: string }
  | { kind: 'done'; rendered: boolean; error?: string }
  | { kind: 'stopped' }
  | { kind: 'failed'; message: string };

export interface RunOptions {
  js: string;
  render: boolean;
  dark: boolean;
  title: string;
}

export class FrameRunner {
  private frame: HTMLIFrameElement | null = null;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private onMessage: ((event: MessageEvent) => void) | undefined;
  private port: MessagePort | null = null;
  private runId = 0;

  constructor(
    private readonly slot: HTMLElement,
    private readonly report: (output: RunOutput) => void,
  ) {}

  /** Stops what runs and starts the code in a new frame. */
  async run({ js, render, dark, title }: RunOptions): Promise<void> {
    this.stop();
    const missing = missingImports(js);
    if (missing.length > 0) {
      this.report({
        kind: 'failed',
        message: `Cannot import ${missing.map((m) => `"${m}"`).join(', ')}: the playground provides @rkrupinski/stan, @rkrupinski/stan/react, react, react-dom and react-dom/client.`,
      });
      return;
    }
    const runtime = await frameRuntimePiece.load();
    this.runId += 1;
    const runId = this.runId;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = title;
    frame.src = PLAYGROUND_FRAME_PATH;
    frame.dataset.rendered = 'false';
    let lastSign = Date.now();
    let started = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent) => {
      if (!isFrameEvent(event.data)) return;
      const data = event.data;
      lastSign = Date.now();
      switch (data.type) {
        case 'ready':
          started = true;
          channel.port1.postMessage({ type: 'run', runId, js, render, dark } satisfies FrameRequest);
          break;
        case 'console':
          this.report({ kind: 'console', level: data.level, text: data.text });
          break;
        case 'done':
          frame.dataset.rendered = String(data.rendered);
          this.report({ kind: 'done', rendered: data.rendered, error: data.error });
          break;
        case 'height':
          frame.style.height = `${Math.min(Math.max(data.height, 0), 480)}px`;
          break;
        default:
          break;
      }
    };
    this.port = channel.port1;
    // Only the frame's bootstrap speaks by window message, to say it can take the runtime.
    this.onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || !isFrameEvent(event.data) || event.data.type !== 'frame-ready') return;
      frame.contentWindow?.postMessage({ type: 'runtime', source: runtime } satisfies FrameRequest, '*', [channel.port2]);
    };
    window.addEventListener('message', this.onMessage);
    const startedAt = Date.now();
    this.watchdog = setInterval(() => {
      const now = Date.now();
      if (!started && now - startedAt > START_MS) {
        this.stop();
        this.report({ kind: 'failed', message: 'The sandbox did not start. Run again to retry.' });
      } else if (started && now - lastSign > STALL_MS) {
        this.stop();
        this.report({ kind: 'stopped' });
      }
    }, 250);
    this.frame = frame;
    this.slot.replaceChildren(frame);
  }

  /** Removes the frame (and everything running in it). */
  stop(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = undefined;
    if (this.onMessage) window.removeEventListener('message', this.onMessage);
    this.onMessage = undefined;
    this.port?.close();
    this.port = null;
    this.frame?.remove();
    this.frame = null;
  }
}
