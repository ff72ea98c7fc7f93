/**
 * The runtime of the sandboxed frame (static/playground-frame.html), bundled by the build (src/node/playground-assets.ts)
 * and handed to the frame by the page as text. It provides the modules a sample imports, runs the compiled code
 * it is sent, renders a tsx module's default export, and reports console output, the end of the run and a
 * heartbeat (whose silence tells the page the code is stuck) to the page.
 */
import * as stan from '@rkrupinski/stan';
import * as stanReact from '@rkrupinski/stan/react';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import type { ConsoleLevel, FrameEvent, FrameRequest, PlaygroundModule } from '../../../../contract/playground';
import { createRequire } from './modules';
import { formatConsoleArgs } from './format';

const modules: Record<PlaygroundModule, unknown> = {
  '@rkrupinski/stan': stan,
  '@rkrupinski/stan/react': stanReact,
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
};

/** How often the frame says it is alive while its thread is free, in ms. */
const BEAT_MS = 250;

// The port the page sent with this runtime (the frame's bootstrap passes it in). A window's postMessage to another
// process leaves only when the current task ends, so output written just before an endless loop would be lost;
// a port's messages leave at once.
declare const port: MessagePort;

const post = (event: FrameEvent) => port.postMessage(event);
const requireModule = createRequire(modules);
let runId = 0;

const LEVELS: ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];
for (const level of LEVELS) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    post({ type: 'console', runId, level, text: formatConsoleArgs(args) });
    original(...args);
  };
}
window.addEventListener('error', (event) => {
  post({ type: 'console', runId, level: 'error', text: `Uncaught ${formatConsoleArgs([event.error ?? event.message])}` });
});
window.addEventListener('unhandledrejection', (event) => {
  post({ type: 'console', runId, level: 'error', text: `Uncaught (in promise) ${formatConsoleArgs([event.reason])}` });
});
setInterval(() => post({ type: 'beat' }), BEAT_MS);
new ResizeObserver(() => post({ type: 'height', height: document.documentElement.scrollHeight })).observe(document.body);

// An async function's constructor: top-level await in a sample works as it does in a module.
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (
  ...values: unknown[]
) => Promise<void>;

async function run({ js, render, dark, runId: id }: Extract<FrameRequest, { type: 'run' }>) {
  runId = id;
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  const module: { exports: Record<string, unknown> } = { exports: {} };
  try {
    await new AsyncFunction('require', 'module', 'exports', js)(requireModule, module, module.exports);
    const Component = module.exports.default;
    let rendered = false;
    if (render && typeof Component === 'function') {
      const root = ReactDOMClient.createRoot(document.getElementById('root') as HTMLElement, {
        onUncaughtError: (error) => post({ type: 'console', runId, level: 'error', text: `Uncaught ${formatConsoleArgs([error])}` }),
      });
      ReactDOM.flushSync(() => root.render(React.createElement(Component as React.ComponentType)));
      rendered = true;
    }
    post({ type: 'done', runId: id, rendered });
  } catch (error) {
    post({ type: 'done', runId: id, rendered: false, error: formatConsoleArgs([error]) });
  }
}

port.onmessage = (event: MessageEvent<FrameRequest>) => {
  if (event.data?.type === 'run') void run(event.data);
};
post({ type: 'ready' });
