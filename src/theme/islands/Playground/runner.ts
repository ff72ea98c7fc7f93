/**
 * Runs compiled code in a fresh sandboxed frame per run (`sandbox="allow-scripts"`: an opaque origin, so the code
 * reaches neither the site's storage nor its cookies). The page hands the frame its runtime and a MessagePort by
 * postMessage, then the code through the port; the frame beats while its thread is free. A frame silent for
 * STALL_MS is removed: Chromium runs a sandboxed frame in a process of its own, so an endless loop there never
 * blocks the page meanwhile.
 *
 * Everything the frame sends is untrusted: a message is read only in the shapes the protocol allows, each kind is
 * taken as often as the protocol allows (the handshake once, the end of the run once), and nothing it sends can
 * make the page throw.
 */
import { CONSOLE_LEVELS, PLAYGROUND_FRAME_PATH, type ConsoleLevel, type FrameEvent, type FrameRequest } from '../../../contract/playground';
import { latePiece } from '../loader';
import type { PlaygroundVersionAssets } from '../../../contract/playground-versions';
import { runtimeUrl, serverUrl } from './assets';
import { latePieceFor } from './version-pieces';
import { OUTPUT_TAIL_LINES } from './frame/limits';
import { missingImports, PROVIDED_MODULES, requiredSpecifiers } from './frame/modules';

/** How long a frame may be silent (no heartbeat, no answer) before its code is stopped, in ms. */
export const STALL_MS = 3000;
/** How long a new frame may take to load and start its runtime, in ms. */
export const START_MS = 15000;
/** How often the watchdog looks, in ms. */
const TICK_MS = 250;

/** The frame's runtime of a version: its package as `@rkrupinski/stan`, and React (one per page and version). */
export const frameRuntimePiece = latePieceFor((version: PlaygroundVersionAssets) =>
  latePiece('The sandbox', (attempt) =>
    fetch(runtimeUrl(version, attempt)).then((response) => {
      if (!response.ok) throw new Error(`runtime.js: HTTP ${response.status}`);
      return response.text();
    }),
  ),
);

/** react-dom/server for the frame of a version, fetched only for code that imports it (one per page and version). */
export const frameServerPiece = latePieceFor((version: PlaygroundVersionAssets) =>
  latePiece('react-dom/server for the sandbox', (attempt) =>
    fetch(serverUrl(version, attempt)).then((response) => {
      if (!response.ok) throw new Error(`server.js: HTTP ${response.status}`);
      return response.text();
    }),
  ),
);

export type RunOutput =
  | { kind: 'console'; level: ConsoleLevel; text: string }
  | { kind: 'overflow'; hidden: number; tail: Array<{ level: ConsoleLevel; text: string }> }
  | { kind: 'done'; rendered: boolean; error?: string }
  /** The code drew into the frame's document itself: the frame is worth showing. */
  | { kind: 'drawn' }
  /** `finished`: the code had run to its end, and what it left scheduled kept the sandbox busy. */
  | { kind: 'stopped'; finished: boolean }
  | { kind: 'failed'; message: string };

export interface RunOptions {
  /** The version whose runtime the code runs in. */
  version: PlaygroundVersionAssets;
  js: string;
  render: boolean;
  dark: boolean;
  title: string;
}

interface Channel {
  port1: Pick<MessagePort, 'postMessage' | 'close' | 'onmessage'>;
  port2: Transferable;
}

const isLevel = (value: unknown): value is ConsoleLevel => typeof value === 'string' && (CONSOLE_LEVELS as readonly string[]).includes(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A message from the frame in one of the protocol's shapes, or null (then the page ignores it). */
export function readFrameEvent(data: unknown): FrameEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const event = data as Record<string, unknown>;
  switch (event.type) {
    case 'frame-ready':
    case 'ready':
    case 'beat':
      return { type: event.type };
    case 'console':
      return isCount(event.runId) && isLevel(event.level) && typeof event.text === 'string'
        ? { type: 'console', runId: event.runId, level: event.level, text: event.text }
        : null;
    case 'overflow': {
      if (!isCount(event.runId) || !isCount(event.hidden) || !Array.isArray(event.tail)) return null;
      const tail = event.tail
        .slice(-OUTPUT_TAIL_LINES)
        .filter((line): line is { level: ConsoleLevel; text: string } => isLevel(line?.level) && typeof line?.text === 'string')
        .map(({ level, text }) => ({ level, text }));
      return { type: 'overflow', runId: event.runId, hidden: event.hidden, tail };
    }
    case 'done':
      return isCount(event.runId) && typeof event.rendered === 'boolean' && (event.error === undefined || typeof event.error === 'string')
        ? { type: 'done', runId: event.runId, rendered: event.rendered, ...(event.error === undefined ? {} : { error: event.error }) }
        : null;
    case 'height':
      return typeof event.height === 'number' && Number.isFinite(event.height) ? { type: 'height', height: event.height } : null;
    case 'drawn':
      return { type: 'drawn' };
    default:
      return null;
  }
}

/** A handler that swallows what it throws: a message the page cannot use is dropped, never an uncaught error. */
const guarded =
  <A extends unknown[]>(handle: (...args: A) => void) =>
  (...args: A): void => {
    try {
      handle(...args);
    } catch {
      // Dropped on purpose: see above.
    }
  };

export class FrameRunner {
  private frame: HTMLIFrameElement | null = null;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private onMessage: ((event: MessageEvent) => void) | undefined;
  private port: Channel['port1'] | null = null;
  // Counts runs and stops: a run whose number is no longer current has been stopped or replaced.
  private session = 0;

  constructor(
    private readonly slot: HTMLElement,
    private readonly report: (output: RunOutput) => void,
    private readonly createChannel: () => Channel = () => new MessageChannel(),
  ) {}

  /** Stops what runs and starts the code in a new frame. */
  async run({ version, js, render, dark, title }: RunOptions): Promise<void> {
    this.stop();
    const session = this.session;
    const missing = missingImports(js);
    if (missing.length > 0) {
      this.report({
        kind: 'failed',
        message: `Cannot import ${missing.map((m) => `"${m}"`).join(', ')}: the playground provides ${PROVIDED_MODULES}.`,
      });
      return;
    }
    const [runtime, reactDomServer] = await Promise.all([
      frameRuntimePiece(version).load(),
      requiredSpecifiers(js).some((s) => s.replace(/\/+$/, '') === 'react-dom/server') ? frameServerPiece(version).load() : undefined,
    ]);
    if (session !== this.session) return;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = title;
    frame.src = PLAYGROUND_FRAME_PATH;
    frame.dataset.rendered = 'false';
    const report = guarded(this.report);
    const current = () => session === this.session;
    let ready = false;
    let finished = false;
    let drawn = false;
    let heard = false;
    let silentMs = 0;
    const channel = this.createChannel();
    channel.port1.onmessage = guarded((event: MessageEvent) => {
      const data = current() ? readFrameEvent(event.data) : null;
      if (!data) return;
      heard = true;
      switch (data.type) {
        case 'ready':
          if (ready) return;
          ready = true;
          channel.port1.postMessage({
            type: 'run',
            runId: session,
            js,
            render,
            dark,
            ...(reactDomServer === undefined ? {} : { reactDomServer }),
          } satisfies FrameRequest);
          break;
        case 'console':
          if (data.runId === session) report({ kind: 'console', level: data.level, text: data.text });
          break;
        case 'overflow':
          if (data.runId === session) report({ kind: 'overflow', hidden: data.hidden, tail: data.tail });
          break;
        case 'done':
          if (finished || data.runId !== session) return;
          finished = true;
          frame.dataset.rendered = String(data.rendered || drawn);
          report({ kind: 'done', rendered: data.rendered, error: data.error });
          break;
        case 'height':
          frame.style.height = `${Math.min(Math.max(data.height, 0), 480)}px`;
          break;
        case 'drawn':
          if (drawn) return;
          drawn = true;
          frame.dataset.rendered = 'true';
          report({ kind: 'drawn' });
          break;
        default:
          break;
      }
    });
    this.port = channel.port1;
    // Only the frame's bootstrap speaks by window message, once, to say it can take the runtime; the port can be
    // handed over only once, so the page stops listening before it hands it.
    const onMessage = guarded((event: MessageEvent) => {
      if (!current() || event.source !== frame.contentWindow || readFrameEvent(event.data)?.type !== 'frame-ready') return;
      window.removeEventListener('message', onMessage);
      this.onMessage = undefined;
      heard = true;
      frame.contentWindow?.postMessage({ type: 'runtime', source: runtime } satisfies FrameRequest, '*', [channel.port2]);
    });
    this.onMessage = onMessage;
    window.addEventListener('message', onMessage);
    // Silence is counted in the watchdog's own steps, each at most two ticks long: when the page itself was busy
    // (a tick came late), the frame's messages queued meanwhile are read before its silence can add up.
    let lastTick = Date.now();
    this.watchdog = setInterval(
      guarded(() => {
        const now = Date.now();
        silentMs = heard ? 0 : silentMs + Math.min(now - lastTick, 2 * TICK_MS);
        heard = false;
        lastTick = now;
        if (!ready && silentMs >= START_MS) {
          this.stop();
          report({ kind: 'failed', message: 'The sandbox did not start. Run again to retry.' });
        } else if (ready && silentMs >= STALL_MS) {
          this.stop();
          report({ kind: 'stopped', finished });
        }
      }),
      TICK_MS,
    );
    this.frame = frame;
    this.slot.replaceChildren(frame);
  }

  /** Removes the frame (and everything running in it). */
  stop(): void {
    this.session += 1;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = undefined;
    if (this.onMessage) window.removeEventListener('message', this.onMessage);
    this.onMessage = undefined;
    try {
      this.port?.close();
    } catch {
      // A port already closed.
    }
    this.port = null;
    this.frame?.remove();
    this.frame = null;
  }
}
