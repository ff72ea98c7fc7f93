// The 1.0.0-rc14 hooks under React 18.3, rendered with React 18 and React DOM 18 themselves
// (fixtures/react-18, a folder of their own, since React DOM 18 needs React 18 beside it).
import { act, render } from '@testing-library/react';
import fs from 'fs';
import path from 'path';
import { createElement, version as react19Version } from 'react';
import * as stan from 'stan-1.0.0-rc14';
import * as stanReact from 'stan-1.0.0-rc14/react';
import { claimsOf } from '../../support/claims';
import { quietly } from '../../support/quietly';
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

/** The same counter with the site's React 19, in the browser. */
function hooksOnReact19() {
  expect(react19Version).toMatch(/^19\./);
  const count = stan.atom(1);
  const label = stan.selector(({ get }) => `count ${get(count)}`);
  function Counter() {
    const [value, setValue] = stanReact.useStan(count);
    const text = stanReact.useStanValue(label);
    return createElement('button', { onClick: () => setValue(value + 1) }, text);
  }
  const { container } = render(createElement(Counter));
  const button = container.querySelector('button') as HTMLButtonElement;
  expect(button.textContent).toBe('count 1');
  act(() => button.click());
  expect(button.textContent).toBe('count 2');
}

const bindingsSource = () => fs.readFileSync(path.join(versionPackageDir(VERSION), 'dist/react.js'), 'utf8');

claimsOf('version-1.0.0-rc14/getting-started/installation')('its bindings are hooks only, so they run on either', (clause) => {
  clause('its bindings are hooks only', () => {
    expect(Object.keys(stanReact).filter((name) => name !== '__esModule' && !name.startsWith('use'))).toEqual([]);
    // No JSX runtime in the bindings: nothing that only React 19 provides.
    expect(bindingsSource()).not.toMatch(/jsx-runtime|jsx\(/);
  });
  clause('so they run on either', () => {
    hooksOnReact18();
    hooksOnReact19();
  });
});

claimsOf('version-1.0.0-rc14/api/react')(
  'The hooks use only `useState`, `useEffect`, `useRef` and `useCallback`, and run on React 18 as well as React 19',
  (clause) => {
    clause('The hooks use only `useState`, `useEffect`, `useRef` and `useCallback`', () => {
      const imported = /^import\{([^}]*)\}from"react"/.exec(bindingsSource())?.[1] ?? '';
      expect(imported.split(',').map((binding) => binding.split(' as ')[0]).sort()).toEqual([
        'useCallback',
        'useEffect',
        'useRef',
        'useState',
      ]);
      // And nothing else of React's: the import above is the bindings' only one.
      expect(bindingsSource().match(/from"react"|require\("react"\)/g)).toHaveLength(1);
    });
    clause('and run on React 18 as well as React 19', () => {
      hooksOnReact18();
      hooksOnReact19();
    });
  },
);
