import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import enhanceLiveExamples, { LIVE_EXAMPLE_ROOT_MARGIN } from '@src/theme/islands/LiveExample';
import { mountDoc } from './markup';

jest.setTimeout(30_000);

function FakeCounter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Clicked {count} times
    </button>
  );
}

const mockLoaders = {
  counter: jest.fn(() => Promise.resolve({ default: FakeCounter })),
  'todo-list': jest.fn(() => Promise.resolve({ default: () => <p>Todo example</p> })),
  'async-data': jest.fn(() => Promise.resolve({ default: () => <p>Async example</p> })),
};
jest.mock('@src/theme/islands/live-examples', () => ({
  get liveExamples() {
    return mockLoaders;
  },
}));

// jsdom has no layout: the test decides when an example comes near the viewport.
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  enter(target: Element) {
    if (!this.observed.has(target)) return;
    this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

const observer = () => FakeIntersectionObserver.instances.at(-1) as FakeIntersectionObserver;
const figure = (id: string) => document.querySelector(`[data-example-id="${id}"]`) as HTMLElement;

let actEnvironment: unknown;
beforeAll(() => {
  // Examples render in their own React roots, asynchronously, like in the browser: no act() here.
  actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = false;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
});
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});
beforeEach(() => {
  document.body.innerHTML = '';
  FakeIntersectionObserver.instances = [];
  Object.values(mockLoaders).forEach((loader) => loader.mockClear());
});

describe('LiveExample island', () => {
  it('loads an example only when it comes near the viewport, then it is interactive', async () => {
    const root = await mountDoc('<LiveExample id="counter" title="Counter" />\n\n<LiveExample id="todo-list" title="Todos" />\n');
    enhanceLiveExamples(root);
    expect(observer().options?.rootMargin).toBe(LIVE_EXAMPLE_ROOT_MARGIN);
    expect(mockLoaders.counter).not.toHaveBeenCalled();
    expect(screen.getAllByText('Loading example…')).toHaveLength(2);

    observer().enter(figure('counter'));
    const button = await screen.findByRole('button', { name: 'Clicked 0 times' });
    expect(mockLoaders.counter).toHaveBeenCalledTimes(1);
    expect(mockLoaders['todo-list']).not.toHaveBeenCalled();
    expect(figure('counter').querySelector('[data-island-status]')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
    // Mounted once: leaving and re-entering the viewport does not mount again.
    observer().enter(figure('counter'));
    expect(screen.getAllByRole('button', { name: /Clicked/ })).toHaveLength(1);
  });

  it('says when an example cannot load, and Retry loads it again in the same root, for every copy of it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockLoaders['async-data'].mockRejectedValueOnce(new Error('Loading chunk 211 failed. (error: http://localhost/211-x.js)'));
    const root = await mountDoc(
      '<LiveExample id="async-data" title="Async data" />\n\n<LiveExample id="async-data" title="Again" />\n',
    );
    enhanceLiveExamples(root);
    const [first, second] = Array.from(document.querySelectorAll<HTMLElement>('[data-example-id="async-data"]'));
    observer().enter(first as HTMLElement);
    observer().enter(second as HTMLElement);
    await waitFor(() => expect(screen.getAllByText('The live example could not load.')).toHaveLength(2));
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    fireEvent.click(retries[1] as HTMLElement);
    fireEvent.click(retries[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByText('Async example')).toHaveLength(2));
    // One request for the retry, shared by both copies; no second React root in either container.
    expect(mockLoaders['async-data']).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/could not load/)).toBeNull();
    expect(document.body).not.toHaveTextContent('stopped with an error');
  });

  it('shows the error of an example that crashes instead of an empty box', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockLoaders['todo-list'].mockResolvedValueOnce({
      default: () => {
        throw new Error('todo store missing');
      },
    });
    const root = await mountDoc('<LiveExample id="todo-list" title="Todos" />\n');
    enhanceLiveExamples(root);
    observer().enter(figure('todo-list'));
    await waitFor(() =>
      expect(figure('todo-list')).toHaveTextContent('This example stopped with an error: todo store missing'),
    );
  });

  it('unmounts its examples and stops observing on cleanup', async () => {
    const root = await mountDoc('<LiveExample id="counter" title="Counter" />\n\n<LiveExample id="todo-list" title="Todos" />\n');
    const stop = enhanceLiveExamples(root);
    observer().enter(figure('counter'));
    await screen.findByRole('button', { name: 'Clicked 0 times' });
    stop?.();
    expect(observer().observed.size).toBe(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Clicked/ })).toBeNull());
  });
});
