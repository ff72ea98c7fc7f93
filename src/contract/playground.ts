/**
 * The playground's messages between the page, the TypeScript worker and the sandboxed frame that runs a reader's
 * code, and the modules that code may import. Shared by the page's editor, the worker and the frame's runtime.
 */

/** What a sample may import in the frame: the documented package at the site's pinned version, and React 19. */
export const PLAYGROUND_MODULES = [
  '@rkrupinski/stan',
  '@rkrupinski/stan/react',
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-dom/server',
] as const;

export type PlaygroundModule = (typeof PLAYGROUND_MODULES)[number];

export type PlaygroundLanguage = 'ts' | 'tsx';

/** The frame's document: served with a policy of its own (src/node/hosting.ts), the only path that may eval. */
export const PLAYGROUND_FRAME_PATH = '/playground-frame.html';

// The route lives with the site's constants: analytics reads it on every page without this module.
export { PLAYGROUND_ROUTE } from './constants';

// Worker protocol: each request carries an id its answer repeats.
export type WorkerRequest =
  | { id: number; type: 'check'; code: string; lang: PlaygroundLanguage }
  | { id: number; type: 'hover'; code: string; lang: PlaygroundLanguage; pos: number }
  | { id: number; type: 'compile'; code: string; lang: PlaygroundLanguage }
  | { id: number; type: 'completions'; code: string; lang: PlaygroundLanguage; pos: number };

export interface PlaygroundDiagnostic {
  from: number;
  to: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
  code: number;
}

/** A name TypeScript offers at the cursor; `kind` is its ScriptElementKind (`const`, `function`, `property`…). */
export interface PlaygroundCompletion {
  name: string;
  kind: string;
}

export type WorkerResponse =
  | { id: number; type: 'check'; diagnostics: PlaygroundDiagnostic[] }
  | { id: number; type: 'hover'; info: { from: number; to: number; text: string } | null }
  | { id: number; type: 'compile'; js: string }
  | { id: number; type: 'completions'; entries: PlaygroundCompletion[] }
  | { id: number; type: 'error'; message: string };

// Frame protocol. The page sends the runtime (by window message, with a MessagePort); the run request and every
// event after it go through that port. The frame beats while its thread is free. Past the first lines of output it
// reports, now and then, only the latest lines and how many it did not show (`overflow`).
export type FrameRequest =
  | { type: 'runtime'; source: string }
  | {
      type: 'run';
      runId: number;
      js: string;
      render: boolean;
      dark: boolean;
      /** react-dom/server, sent only with code that imports it (it doubles the runtime's size): its bundle's text. */
      reactDomServer?: string;
    };

/** The console methods whose lines the frame relays to the output panel (others reach only the browser's console). */
export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

export type FrameEvent =
  | { type: 'frame-ready' }
  | { type: 'ready' }
  | { type: 'beat' }
  | { type: 'console'; runId: number; level: ConsoleLevel; text: string }
  | { type: 'overflow'; runId: number; hidden: number; tail: Array<{ level: ConsoleLevel; text: string }> }
  | { type: 'done'; runId: number; rendered: boolean; error?: string }
  | { type: 'height'; height: number }
  /** The code drew into the frame's document itself (a root of its own, a portal, the DOM), at any time of the run. */
  | { type: 'drawn' };
