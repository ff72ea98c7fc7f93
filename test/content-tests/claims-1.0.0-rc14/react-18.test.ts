// The 1.0.0-rc14 hooks under React 18.3, rendered with React 18 and React DOM 18 themselves
// (fixtures/react-18, a folder of their own, since React DOM 18 needs React 18 beside it).
import fs from 'fs';
import path from 'path';
import { claimsOf } from '../../support/claims';
import { REACT_18_MODULES, versionPackageDir } from '../../support/samples';
import { VERSION } from './helpers';

const REACT_18 = REACT_18_MODULES;

type ReactModule = typeof import('react');
interface React18 {
  React: ReactModule;
  renderToString: (element: unknown) => string;
  renderInBrowser: (element: unknown) => { container: HTMLElement; act: (fn: () => void) => void };
  stan: typeof import('stan-1.0.0-rc14');
  stanReact: typeof import('stan-1.0.0-rc14/react');
}

/** Stan 1.0.0-rc14 with React 18 in place of the site's React 19 (the development builds). */
function withReact18(): React18 {
  let loaded: React18 | undefined;
  jest.isolateModules(() => {
    // Stan's `import … from "react"` gets React 18; React DOM 18 finds the same copy beside it.
    jest.doMock('react', () => jest.requireActual(path.join(REACT_18, 'react')));
    /* eslint-disable @typescript-eslint/no-require-imports */
    const React = require(path.join(REACT_18, 'react')) as ReactModule;
    const server = require(path.join(REACT_18, 'react-dom/server')) as { renderToString: (e: unknown) => string };
    const client = require(path.join(REACT_18, 'react-dom/client')) as {
      createRoot: (el: Element) => { render: (e: unknown) => void };
    };
    const { act } = require(path.join(REACT_18, 'react-dom/test-utils')) as { act: (fn: () => void) => void };
    loaded = {
      React,
      renderToString: server.renderToString,
      renderInBrowser: (element) => {
        const container = document.createElement('div');
        const root = client.createRoot(container);
        act(() => root.render(element));
        return { container, act };
      },
      stan: require('stan-1.0.0-rc14'),
      stanReact: require('stan-1.0.0-rc14/react'),
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return loaded as React18;
}

/** Runs `fn` with React 18's act() warning about the test environment silenced. */
function quietly<T>(fn: () => T): T {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    return fn();
  } finally {
    spy.mockRestore();
  }
}

/** Renders a counter and a derived label with React 18, in the browser and on the server, and clicks it. */
function hooksOnReact18() {
  const { React, renderToString, renderInBrowser, stan, stanReact } = withReact18();
  expect(React.version).toBe('18.3.1');
  const count = stan.atom(1);
  const label = stan.selector(({ get }) => `count ${get(count)}`);
  function Counter() {
    const [value, setValue] = stanReact.useStan(count);
    const text = stanReact.useStanValue(label);
    const refresh = stanReact.useStanRefresher(label);
    const setOnly = stanReact.useSetStanValue(count);
    return React.createElement(
      'button',
      { onClick: () => (value < 3 ? setValue((n) => n + 1) : (setOnly(10), refresh())) },
      text,
    );
  }
  expect(renderToString(React.createElement(Counter))).toBe('<button>count 1</button>');
  const { container, act } = quietly(() => renderInBrowser(React.createElement(Counter)));
  const button = container.querySelector('button') as HTMLButtonElement;
  quietly(() => act(() => button.click()));
  expect(button.textContent).toBe('count 2');
  quietly(() => act(() => button.click()));
  quietly(() => act(() => button.click()));
  expect(button.textContent).toBe('count 10');
}

claimsOf('version-1.0.0-rc14/getting-started/installation')('its bindings are hooks only, so they run on either', () => {
  hooksOnReact18();
  // No JSX runtime in the bindings: nothing that only React 19 provides.
  expect(fs.readFileSync(path.join(versionPackageDir(VERSION), 'dist/react.js'), 'utf8')).not.toMatch(/jsx-runtime|jsx\(/);
});

claimsOf('version-1.0.0-rc14/api/react')(
  'The hooks use only `useState`, `useEffect`, `useRef` and `useCallback`, and run on React 18 as well as React 19',
  () => {
    const bindings = fs.readFileSync(path.join(versionPackageDir(VERSION), 'dist/react.js'), 'utf8');
    const imported = /^import\{([^}]*)\}from"react"/.exec(bindings)?.[1] ?? '';
    expect(imported.split(',').map((binding) => binding.split(' as ')[0]).sort()).toEqual([
      'useCallback',
      'useEffect',
      'useRef',
      'useState',
    ]);
    hooksOnReact18();
  },
);
