/**
 * The runtime of the sandboxed frame (static/playground-frame.html), bundled by the build (src/node/playground-assets.ts)
 * and handed to the frame by the page as text. It provides the modules a sample imports, runs the compiled code
 * it is sent, renders a tsx module's default export, and reports console output, the end of the run, whether the
 * code drew into the document itself (so the page shows the frame) and a heartbeat (whose silence tells the page
 * the code is stuck) to the page. react-dom/server comes with the run request when the code imports it. Before any reader's code runs it takes
 * away what the sandbox's policy cannot (WebRTC) and gives the code a storage of its own.
 */
import * as stan from '@rkrupinski/stan';
import * as stanReact from '@rkrupinski/stan/react';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { CONSOLE_LEVELS, type ConsoleLevel, type FrameEvent, type FrameRequest, type PlaygroundModule } from '../../../../contract/playground';
import { createRequire } from './modules';
import { formatConsoleArgs } from './format';
import { createConsoleRelay } from './console-relay';
import { clipLine, OUTPUT_LINE_CHARS } from './limits';
import { createMemoryStorage } from './storage';
import { withoutPeerConnections } from './lockdown';

const modules: Partial<Record<PlaygroundModule, unknown>> = {
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

// Bound now, before the reader's code could replace MessagePort.prototype.postMessage and so be handed the port.
const send = port.postMessage.bind(port) as (event: FrameEvent) => void;
const clock = performance.now.bind(performance);
const relay = createConsoleRelay(send, clock);
const requireModule = createRequire(modules);

withoutPeerConnections(window);
const storages = { localStorage: createMemoryStorage(), sessionStorage: createMemoryStorage() };
for (const [name, storage] of Object.entries(storages)) {
  Object.defineProperty(window, name, { configurable: true, enumerable: true, get: () => storage });
}

const print = (level: ConsoleLevel, text: string) => relay.line(level, text);

for (const level of CONSOLE_LEVELS) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = formatConsoleArgs(args);
    // Past the head, lines reach neither the page nor the browser's console one by one; a line too long for the
    // panel reaches the browser's console cut as the panel shows it (an attached debugger copies every byte).
    if (print(level, text)) original(...(text.length > OUTPUT_LINE_CHARS ? [clipLine(text)] : args));
  };
}
window.addEventListener('error', (event) => {
  print('error', `Uncaught ${formatConsoleArgs([event.error ?? event.message])}`);
});
window.addEventListener('unhandledrejection', (event) => {
  print('error', `Uncaught (in promise) ${formatConsoleArgs([event.reason])}`);
});
setInterval(() => {
  relay.flush();
  send({ type: 'beat' });
}, BEAT_MS);
new ResizeObserver(() => send({ type: 'height', height: document.documentElement.scrollHeight })).observe(document.body);
// Code that draws by itself (createRoot on #root, a portal, the DOM) shows in the frame as a rendered default export does.
const drawing = new MutationObserver(() => {
  drawing.disconnect();
  send({ type: 'drawn' });
});

// An async function's constructor: top-level await in a sample works as it does in a module.
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (
  ...values: unknown[]
) => Promise<void>;

async function run({ js, render, dark, runId: id, reactDomServer }: Extract<FrameRequest, { type: 'run' }>) {
  relay.start(id);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  drawing.observe(document.body, { childList: true, subtree: true, characterData: true });
  if (typeof reactDomServer === 'string') {
    // Its bundle takes this runtime's React and ReactDOM, so hooks and the renderer share one React.
    modules['react-dom/server'] = new Function('frameModules', reactDomServer)({ react: React, 'react-dom': ReactDOM });
  }
  const module: { exports: Record<string, unknown> } = { exports: {} };
  try {
    await new AsyncFunction('require', 'module', 'exports', js)(requireModule, module, module.exports);
    const Component = module.exports.default;
    let rendered = false;
    if (render && typeof Component === 'function') {
      const root = ReactDOMClient.createRoot(document.getElementById('root') as HTMLElement, {
        onUncaughtError: (error) => print('error', `Uncaught ${formatConsoleArgs([error])}`),
      });
      ReactDOM.flushSync(() => root.render(React.createElement(Component as React.ComponentType)));
      rendered = true;
    }
    relay.flush();
    send({ type: 'done', runId: id, rendered });
  } catch (error) {
    relay.flush();
    send({ type: 'done', runId: id, rendered: false, error: clipLine(formatConsoleArgs([error])) });
  }
}

let started = false;
port.onmessage = (event: MessageEvent<FrameRequest>) => {
  // One run per frame: the page makes a new frame for the next.
  if (event.data?.type !== 'run' || started) return;
  started = true;
  void run(event.data);
};
send({ type: 'ready' });
