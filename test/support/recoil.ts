/**
 * Recoil for the comparison page's claims about it: Recoil 0.7.7 reads React's internals that React 19 removed, so
 * it runs here on React 18.3 and React DOM 18.3 from fixtures/react-18, loaded in a module registry of their own
 * (the site's tests keep React 19).
 */
import path from 'path';
import { REACT_18_MODULES } from './samples';

type ReactModule = typeof import('react');

export interface RecoilOnReact18 {
  React: ReactModule;
  recoil: typeof import('recoil');
  renderToString: (element: unknown) => string;
  /** Renders into a detached element with React DOM 18's client, inside its `act`; returns the element. */
  renderInBrowser: (element: unknown) => { container: HTMLElement; rerender: (element: unknown) => void; unmount: () => void };
  /** React DOM 18's `act` around a synchronous update: its renders are done when it returns. */
  act: (fn: () => void) => void;
  /** React DOM 18's `act` around async work: its renders are done when the promise settles. */
  actAsync: (fn: () => Promise<unknown>) => Promise<void>;
}

/** Recoil with React 18 and React DOM 18, all three from one fresh module registry. */
export function recoilOnReact18(): RecoilOnReact18 {
  let loaded: RecoilOnReact18 | undefined;
  jest.isolateModules(() => {
    // Recoil's `require("react")` and `require("react-dom")` get React 18; React DOM 18 finds the same React.
    jest.doMock('react', () => jest.requireActual(path.join(REACT_18_MODULES, 'react')));
    jest.doMock('react-dom', () => jest.requireActual(path.join(REACT_18_MODULES, 'react-dom')));
    /* eslint-disable @typescript-eslint/no-require-imports */
    const React = require(path.join(REACT_18_MODULES, 'react')) as ReactModule;
    const server = require(path.join(REACT_18_MODULES, 'react-dom/server')) as { renderToString: (e: unknown) => string };
    const client = require(path.join(REACT_18_MODULES, 'react-dom/client')) as {
      createRoot: (el: Element) => { render: (e: unknown) => void; unmount: () => void };
    };
    // React 18.3 exports `act` itself (react-dom/test-utils' copy is deprecated).
    const { act } = React as unknown as { act: (fn: () => unknown) => PromiseLike<void> | void };
    const recoil = require('recoil') as typeof import('recoil');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const actEnvironment = () => {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    };
    loaded = {
      React,
      recoil,
      renderToString: server.renderToString,
      renderInBrowser: (element) => {
        const container = document.createElement('div');
        document.body.append(container);
        const root = client.createRoot(container);
        actEnvironment();
        act(() => root.render(element));
        return {
          container,
          rerender: (next) => void act(() => root.render(next)),
          unmount: () => {
            act(() => root.unmount());
            container.remove();
          },
        };
      },
      act: (fn) => {
        actEnvironment();
        act(() => {
          fn();
        });
      },
      actAsync: async (fn) => {
        actEnvironment();
        await act(async () => {
          await fn();
        });
      },
    };
  });
  if (!loaded) throw new Error('Recoil did not load');
  return loaded;
}
