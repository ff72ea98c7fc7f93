import { FrameRunner, readFrameEvent, STALL_MS, type RunOutput } from '@src/theme/islands/Playground/runner';

/** The folder of the version the code runs in. */
const VERSION = { name: 'current', release: '1.2.0-rc4', base: '/vendor/playground-current/' };

// The frame's runtime, as the runner fetches it.
beforeAll(() => {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => ({ ok: true, text: async () => '/* runtime */' }));
});

/** A runner in a page, with a stand-in MessageChannel whose port1 the test speaks through as the frame would. */
async function started() {
  const slot = document.createElement('div');
  document.body.replaceChildren(slot);
  const reports: RunOutput[] = [];
  const port1 = { onmessage: null as ((event: MessageEvent) => void) | null, postMessage: jest.fn(), close: jest.fn() };
  const runner = new FrameRunner(slot, (output) => reports.push(output), () => ({ port1: port1 as unknown as MessagePort, port2: {} as Transferable }));
  await runner.run({ version: VERSION, js: 'console.log(1)', render: false, dark: false, title: 'Output' });
  const frame = slot.querySelector('iframe')!;
  const toPage = jest.spyOn(frame.contentWindow!, 'postMessage');
  const fromFrameWindow = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, source: frame.contentWindow }));
  const fromPort = (data: unknown) => port1.onmessage?.(new MessageEvent('message', { data }));
  return { runner, reports, port1, frame, toPage, fromFrameWindow, fromPort };
}

describe('reading what the frame sends', () => {
  it('takes only the shapes of the protocol, with fields of the right types', () => {
    expect(readFrameEvent({ type: 'console', runId: 1, level: 'warn', text: 'x', extra: 1 })).toEqual({ type: 'console', runId: 1, level: 'warn', text: 'x' });
    for (const bad of [
      null,
      'frame-ready',
      [],
      { type: 'console', runId: 1, level: 'trace', text: 'x' },
      { type: 'console', runId: -1, level: 'log', text: 'x' },
      { type: 'console', runId: 1, level: 'log', text: 5 },
      { type: 'done', runId: 1, rendered: 'yes' },
      { type: 'done', runId: 1, rendered: true, error: {} },
      { type: 'height', height: Infinity },
      { type: 'overflow', runId: 1, hidden: 1.5, tail: [] },
      { type: 'runtime', source: '' },
    ]) {
      expect(readFrameEvent(bad)).toBeNull();
    }
    expect(readFrameEvent({ type: 'overflow', runId: 1, hidden: 3, tail: [{ level: 'log', text: 'a' }, 'junk', { level: 'x', text: 'b' }] })).toEqual({
      type: 'overflow',
      runId: 1,
      hidden: 3,
      tail: [{ level: 'log', text: 'a' }],
    });
  });
});

describe('the runner', () => {
  it('hands the runtime and its port over once, however often the frame says it is ready', async () => {
    const { toPage, fromFrameWindow, runner } = await started();
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    // A second hand-over would post a transferred port again: the browser throws DataCloneError for that.
    toPage.mockImplementationOnce(() => undefined).mockImplementation(() => {
      throw new DOMException('port already transferred', 'DataCloneError');
    });
    for (let i = 0; i < 5; i++) fromFrameWindow({ type: 'frame-ready' });
    expect(toPage).toHaveBeenCalledTimes(1);
    expect(toPage.mock.calls[0]?.[0]).toEqual({ type: 'runtime', source: '/* runtime */' });
    expect(errors).toEqual([]);
    window.removeEventListener('error', onError);
    runner.stop();
  });

  it('sends the run once, reports its end once, and ignores what does not fit the protocol or the run', async () => {
    const { port1, fromPort, reports, runner } = await started();
    fromPort({ type: 'ready' });
    fromPort({ type: 'ready' });
    expect(port1.postMessage).toHaveBeenCalledTimes(1);
    const runId = (port1.postMessage.mock.calls[0]?.[0] as { runId: number }).runId;
    fromPort({ type: 'console', runId, level: 'log', text: 'hi' });
    fromPort({ type: 'console', runId: runId + 1, level: 'log', text: 'another run' });
    fromPort({ type: 'console', runId, level: 'log' });
    fromPort(null);
    fromPort({ type: 'done', runId, rendered: false });
    fromPort({ type: 'done', runId, rendered: true, error: 'late' });
    expect(reports).toEqual([
      { kind: 'console', level: 'log', text: 'hi' },
      { kind: 'done', rendered: false, error: undefined },
    ]);
    runner.stop();
    fromPort({ type: 'console', runId, level: 'log', text: 'after stop' });
    expect(reports).toHaveLength(2);
  });

  it('shows the frame when the code drew into it by itself, once, even after the end of the run', async () => {
    const { port1, fromPort, reports, runner, frame } = await started();
    fromPort({ type: 'ready' });
    const runId = (port1.postMessage.mock.calls[0]?.[0] as { runId: number }).runId;
    fromPort({ type: 'done', runId, rendered: false });
    expect(frame.dataset.rendered).toBe('false');
    fromPort({ type: 'drawn' });
    fromPort({ type: 'drawn' });
    expect(reports).toEqual([{ kind: 'done', rendered: false, error: undefined }, { kind: 'drawn' }]);
    expect(frame.dataset.rendered).toBe('true');
    runner.stop();
  });

  it('fetches react-dom/server and sends it with the run only for code that imports it', async () => {
    const fetched = (globalThis as unknown as { fetch: jest.Mock }).fetch;
    const slot = document.createElement('div');
    document.body.replaceChildren(slot);
    const port1 = { onmessage: null as ((event: MessageEvent) => void) | null, postMessage: jest.fn(), close: jest.fn() };
    const runner = new FrameRunner(slot, () => undefined, () => ({ port1: port1 as unknown as MessagePort, port2: {} as Transferable }));
    fetched.mockClear();
    await runner.run({ version: VERSION, js: 'const server_1 = require("react-dom/server");', render: true, dark: false, title: 'Output' });
    expect(fetched.mock.calls.map(([url]) => String(url))).toEqual([`${VERSION.base}server.js`]);
    port1.onmessage?.(new MessageEvent('message', { data: { type: 'ready' } }));
    expect(port1.postMessage.mock.calls[0]?.[0]).toMatchObject({ type: 'run', reactDomServer: '/* runtime */' });
    fetched.mockClear();
    await runner.run({ version: VERSION, js: 'const client_1 = require("react-dom/client");', render: true, dark: false, title: 'Output' });
    expect(fetched).not.toHaveBeenCalled();
    runner.stop();
  });

  it('never throws into the page, even when reporting fails', async () => {
    const slot = document.createElement('div');
    document.body.replaceChildren(slot);
    const port1 = { onmessage: null as ((event: MessageEvent) => void) | null, postMessage: jest.fn(), close: jest.fn() };
    const runner = new FrameRunner(
      slot,
      () => {
        throw new Error('the panel broke');
      },
      () => ({ port1: port1 as unknown as MessagePort, port2: {} as Transferable }),
    );
    await runner.run({ version: VERSION, js: '', render: false, dark: false, title: 'Output' });
    expect(() => port1.onmessage?.(new MessageEvent('message', { data: { type: 'console', runId: 1, level: 'log', text: 'x' } }))).not.toThrow();
    const getterBomb = Object.defineProperty({}, 'type', {
      get() {
        throw new Error('boom');
      },
    });
    expect(() => port1.onmessage?.(new MessageEvent('message', { data: getterBomb }))).not.toThrow();
    runner.stop();
  });
});

describe("the runner's watchdog", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('does not stop a frame because the page itself was busy: messages queued meanwhile count', async () => {
    const { fromPort, reports, runner } = await started();
    fromPort({ type: 'ready' });
    jest.advanceTimersByTime(1000);
    // The page's thread is blocked for 10 s (a huge render); the frame's beats wait in the queue behind it.
    jest.setSystemTime(Date.now() + 10_000);
    jest.advanceTimersByTime(250);
    fromPort({ type: 'beat' });
    jest.advanceTimersByTime(500);
    expect(reports).toEqual([]);
    runner.stop();
  });

  it('stops a frame that stays silent, and says whether its run had finished', async () => {
    const first = await started();
    first.fromPort({ type: 'ready' });
    jest.advanceTimersByTime(STALL_MS + 500);
    expect(first.reports).toEqual([{ kind: 'stopped', finished: false }]);
    expect(first.frame.isConnected).toBe(false);

    const second = await started();
    second.fromPort({ type: 'ready' });
    const runId = (second.port1.postMessage.mock.calls[0]?.[0] as { runId: number }).runId;
    second.fromPort({ type: 'done', runId, rendered: false });
    jest.advanceTimersByTime(STALL_MS + 500);
    expect(second.reports).toEqual([
      { kind: 'done', rendered: false, error: undefined },
      { kind: 'stopped', finished: true },
    ]);
  });

  it('keeps a finished run that goes on beating', async () => {
    const { fromPort, port1, reports, runner } = await started();
    fromPort({ type: 'ready' });
    const runId = (port1.postMessage.mock.calls[0]?.[0] as { runId: number }).runId;
    fromPort({ type: 'done', runId, rendered: true });
    for (let i = 0; i < 40; i++) {
      jest.advanceTimersByTime(250);
      fromPort({ type: 'beat' });
    }
    expect(reports).toEqual([{ kind: 'done', rendered: true, error: undefined }]);
    runner.stop();
  });
});
