// Installation: what happens under React 18.3, rendered with React 18 and React DOM 18 themselves
// (fixtures/react-18, a folder of their own, since React DOM 18 needs React 18 beside it).
import fs from 'fs';
import path from 'path';
import { claimsOf } from '../../support/claims';
import { quietly } from '../../support/quietly';
import { REACT_18_MODULES } from '../../support/samples';

const claim = claimsOf('getting-started/installation');
const REACT_18 = REACT_18_MODULES;

type ReactModule = typeof import('react');
interface React18 {
  React: ReactModule;
  version: string;
  renderToString: (element: unknown) => string;
  renderInBrowser: (element: unknown) => void;
  stan: typeof import('@rkrupinski/stan');
  stanReact: typeof import('@rkrupinski/stan/react');
}

/** Stan with React 18 in place of the site's React 19, for the given NODE_ENV (React picks its build from it). */
function withReact18(nodeEnv: 'development' | 'production'): React18 {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  let loaded: React18 | undefined;
  try {
    jest.isolateModules(() => {
      // Stan's `import … from "react"` gets React 18; React DOM 18 finds the same copy beside it.
      jest.doMock('react', () => jest.requireActual(path.join(REACT_18, 'react')));
      /* eslint-disable @typescript-eslint/no-require-imports */
      const React = require(path.join(REACT_18, 'react')) as ReactModule;
      const server = require(path.join(REACT_18, 'react-dom/server')) as { renderToString: (e: unknown) => string };
      const client = require(path.join(REACT_18, 'react-dom/client')) as {
        createRoot: (el: Element) => { render: (e: unknown) => void };
      };
      const { flushSync } = require(path.join(REACT_18, 'react-dom')) as { flushSync: (fn: () => void) => void };
      loaded = {
        React,
        version: React.version,
        renderToString: server.renderToString,
        renderInBrowser: (element) => {
          const root = client.createRoot(document.createElement('div'));
          flushSync(() => root.render(element));
        },
        stan: require('@rkrupinski/stan'),
        stanReact: require('@rkrupinski/stan/react'),
      };
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
  } finally {
    process.env.NODE_ENV = saved;
  }
  return loaded as React18;
}

claim(
  [
    "its compiled `StanProvider` was built with React 19's JSX runtime, and React 18.3 cannot render it",
    "in development, rendering `StanProvider` throws a `TypeError`: \"Cannot read properties of undefined (reading 'recentlyCreatedOwnerStacks')\"",
  ],
  (clause) => {
    const { React, version, renderToString, renderInBrowser, stanReact } = withReact18('development');
    const provider = React.createElement(stanReact.StanProvider, null, 'content');
    const message = "Cannot read properties of undefined (reading 'recentlyCreatedOwnerStacks')";
    clause("its compiled `StanProvider` was built with React 19's JSX runtime", () => {
      // The bindings carry their own copy of the runtime, which makes React 19's elements.
      const bindings = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/@rkrupinski/stan/dist/react.js'), 'utf8');
      expect(bindings).toContain('react-jsx-runtime');
      expect(bindings).toContain('Symbol.for("react.transitional.element")');
    });
    clause('and React 18.3 cannot render it', () => {
      expect(version).toBe('18.3.1');
      expect(() => quietly(() => renderInBrowser(provider))).toThrow();
    });
    clause('in development, rendering `StanProvider` throws a `TypeError`', () => {
      expect(() => quietly(() => renderToString(provider))).toThrow(TypeError);
    });
    clause("\"Cannot read properties of undefined (reading 'recentlyCreatedOwnerStacks')\"", () => {
      expect(() => quietly(() => renderInBrowser(provider))).toThrow(new TypeError(message));
      expect(() => quietly(() => renderToString(provider))).toThrow(new TypeError(message));
    });
  },
);

claim(
  'in production, React 18 rejects the element the provider returns: "Objects are not valid as a React child", which React DOM\'s minified browser build reports as "Minified React error #31"',
  (clause) => {
    const { React, renderToString, renderInBrowser, stanReact } = withReact18('production');
    const provider = React.createElement(stanReact.StanProvider, null, 'content');
    clause('in production, React 18 rejects the element the provider returns', () => {
      // What the provider returns is a React 19 element, which React 18 takes for a plain object.
      expect(() => quietly(() => renderToString(provider))).toThrow(/found: object with keys \{\$\$typeof, /);
    });
    clause('"Objects are not valid as a React child"', () => {
      expect(() => quietly(() => renderToString(provider))).toThrow(/^Objects are not valid as a React child/);
    });
    clause('which React DOM\'s minified browser build reports as "Minified React error #31"', () => {
      expect(() => quietly(() => renderInBrowser(provider))).toThrow(/^Minified React error #31;/);
    });
  },
);

claim('The hooks themselves work with React 18, but without a provider they can only use `DEFAULT_STORE`', (clause) => {
  const { React, renderToString, stan, stanReact } = withReact18('development');
  const greeting = stan.atom('hello');
  const Greeting = () => React.createElement('p', null, stanReact.useStanValue(greeting));
  clause('The hooks themselves work with React 18', () => {
    expect(React.version).toBe('18.3.1');
    expect(renderToString(React.createElement(Greeting))).toBe('<p>hello</p>');
  });
  clause('but without a provider they can only use `DEFAULT_STORE`', () => {
    greeting(stan.DEFAULT_STORE).get();
    greeting(stan.DEFAULT_STORE).set('hello from DEFAULT_STORE');
    expect(renderToString(React.createElement(Greeting))).toBe('<p>hello from DEFAULT_STORE</p>');
    // The only way to give the hooks another store is the provider, which React 18 cannot render.
    const other = stan.makeStore();
    expect(() =>
      quietly(() => renderToString(React.createElement(stanReact.StanProvider, { store: other, children: React.createElement(Greeting) }))),
    ).toThrow(TypeError);
  });
});
