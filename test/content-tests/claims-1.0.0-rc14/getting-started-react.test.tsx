// The 1.0.0-rc14 Examples and Frameworks pages: their apps rendered with React 19 in jsdom against stan-1.0.0-rc14.
import fs from 'fs';
import path from 'path';
import { type ComponentType } from 'react';
import * as reactDomClient from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { atom, selector } from 'stan-1.0.0-rc14';
import { useStanValue } from 'stan-1.0.0-rc14/react';
import { claimsOf } from '../../support/claims';
import { sampleModulesOf } from '../../support/run-sample';
import { versionPackageDir } from '../../support/samples';
import { runLogged, VERSION } from './helpers';

describe('getting-started/examples', () => {
  const claim = claimsOf('version-1.0.0-rc14/getting-started/examples');
  const example = (title: string) =>
    runLogged<{ default: ComponentType }>('version-1.0.0-rc14/getting-started/examples', title).exports.default;

  describe('Counter.tsx', () => {
    claim(
      [
        '`useStan` gives the buttons the value and a setter, and `useStanValue` lets the paragraph read the derived label',
        'This release has no reset function, so Reset sets the initial value again',
      ],
      () => {
        const Counter = example('Counter.tsx');
        render(<Counter />);
        const count = screen.getByRole('status', { name: 'Count' });
        expect(count).toHaveTextContent('0');
        expect(screen.getByText('The count is even.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: '+1' }));
        expect(count).toHaveTextContent('1');
        expect(screen.getByText('The count is odd.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: '−1' }));
        fireEvent.click(screen.getByRole('button', { name: '−1' }));
        expect(count).toHaveTextContent('-1');
        fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
        expect(count).toHaveTextContent('0');
      },
    );

    claim('The updater form, `setValue((c) => c + 1)`, computes the next value from the current one, so quick clicks never lose an increment', () => {
      const Counter = example('Counter.tsx');
      render(<Counter />);
      const plus = screen.getByRole('button', { name: '+1' });
      act(() => {
        // Three clicks handled before React renders again: each updater sees the previous one's result.
        plus.click();
        plus.click();
        plus.click();
      });
      expect(screen.getByRole('status', { name: 'Count' })).toHaveTextContent('3');
    });

    claim(
      'Pressing Reset while the count is already 0 notifies the atom\'s subscribers, but the selector compares the value it read before with the new one, finds them equal and does not run again',
      () => {
        const count = atom(0);
        const runs = jest.fn();
        const parity = selector(({ get }) => {
          runs();
          return get(count) % 2 === 0 ? 'even' : 'odd';
        });
        parity.get();
        const subscriber = jest.fn();
        count.subscribe(subscriber);
        count.set(0);
        expect(subscriber).toHaveBeenCalledTimes(1);
        expect(runs).toHaveBeenCalledTimes(1);
      },
    );

    claim('Because an atom holds one value for the whole page, two copies of the same example on one page would share their state', () => {
      const Counter = example('Counter.tsx');
      render(
        <>
          <section aria-label="first">
            <Counter />
          </section>
          <section aria-label="second">
            <Counter />
          </section>
        </>,
      );
      fireEvent.click(within(screen.getByRole('region', { name: 'first' })).getByRole('button', { name: '+1' }));
      expect(within(screen.getByRole('region', { name: 'second' })).getByRole('status', { name: 'Count' })).toHaveTextContent('1');
    });
  });

  describe('TodoList.tsx', () => {
    claim(
      [
        'ticking a checkbox changes one family member, and only the components that read that member, or a selector built on it, render again',
        'The `remaining` selector reads the list and then one member per todo, and Stan follows every one of those reads',
      ],
      () => {
        const TodoList = example('TodoList.tsx');
        render(<TodoList />);
        expect(screen.getByText('Nothing to do yet.')).toBeInTheDocument();
        const add = (title: string) => {
          fireEvent.change(screen.getByLabelText('New todo'), { target: { value: title } });
          fireEvent.click(screen.getByRole('button', { name: 'Add' }));
        };
        add('Write docs');
        add('  Test them  ');
        add('   ');
        expect(screen.getByRole('status')).toHaveTextContent('2 of 2 left');
        const items = within(screen.getByRole('list', { name: 'Todos' }));
        expect(items.getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['Write docsDelete', 'Test themDelete']);
        fireEvent.click(items.getByRole('checkbox', { name: 'Write docs' }));
        expect(screen.getByRole('status')).toHaveTextContent('1 of 2 left');
        fireEvent.click(items.getByRole('button', { name: 'Delete "Test them"' }));
        expect(screen.getByRole('status')).toHaveTextContent('0 of 1 left');
      },
    );

    claim(
      '`AddTodo` only writes to `todoList`, with `useSetStanValue`, so it does not render again when the list changes. The write takes effect whether or not anything has read the atom yet',
      () => {
        const list = atom<string[]>([]);
        const renders = jest.fn();
        // A writer alone on the page: nothing has read the atom.
        const { useSetStanValue } = sampleModulesOf(VERSION)['@rkrupinski/stan/react'] as typeof import('stan-1.0.0-rc14/react');
        function Writer() {
          const setList = useSetStanValue(list);
          renders();
          return <button onClick={() => setList((items) => [...items, 'x'])}>add</button>;
        }
        render(<Writer />);
        fireEvent.click(screen.getByRole('button', { name: 'add' }));
        fireEvent.click(screen.getByRole('button', { name: 'add' }));
        expect(list.get()).toEqual(['x', 'x']);
        expect(renders).toHaveBeenCalledTimes(1);
      },
    );
  });

  describe('AsyncData.tsx', () => {
    beforeEach(() => {
      jest.useFakeTimers({ now: new Date('2026-01-01T10:00:00.000Z') });
    });
    afterEach(() => jest.useRealTimers());
    /** Moves the fake clock on and lets the promises it settles reach React. */
    const advance = (ms: number) => act(async () => {
      jest.advanceTimersByTime(ms);
    });
    const status = () => screen.getByRole('status');
    const user = (n: number) => fireEvent.click(screen.getByRole('button', { name: `User ${n}` }));
    const time = (iso: string) => new Date(iso).toLocaleTimeString();

    claim(
      [
        'Go to user 2 and back to user 1: user 1 shows at once, with the same "loaded at" time',
        'Then go to user 2, user 3 and user 1: users 2 and 3 pushed user 1\'s selector out of the family, so user 1 loads again',
      ],
      async () => {
        const AsyncData = example('AsyncData.tsx');
        render(<AsyncData />);
        expect(status()).toHaveTextContent('Loading…');
        await advance(800);
        expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:00.800Z')})`);
        user(2);
        await advance(800);
        expect(status()).toHaveTextContent('Grace Hopper');
        user(1);
        await advance(0); // no request: the kept promise has settled
        expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:00.800Z')})`);
        user(2);
        user(3);
        await advance(800);
        user(1);
        await advance(0);
        expect(status()).toHaveTextContent('Loading…');
        await advance(800);
        expect(status()).toHaveTextContent('Ada Lovelace');
      },
    );

    claim(
      [
        'The card is subscribed to the selector, so a refresh runs it again at once and the card shows "Loading…" until the new answer arrives',
        'Pressing twice quickly starts two requests; this release cannot cancel the first, and the card shows the answer of the second',
      ],
      async () => {
        const AsyncData = example('AsyncData.tsx');
        render(<AsyncData />);
        await advance(800); // 10:00:00.800
        await advance(200); // 10:00:01.000
        fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
        expect(status()).toHaveTextContent('Loading…');
        await advance(500); // 10:00:01.500
        fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
        await advance(300); // the first reload's answer (10:00:01.800) arrives and is not shown
        expect(status()).toHaveTextContent('Loading…');
        await advance(500); // the second's, at 10:00:02.300
        expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${time('2026-01-01T10:00:02.300Z')})`);
      },
    );

    claim(
      [
        'Open user 4. The fake server rejects, and the card shows the error\'s message. Reload is a retry: it runs the selector again, and the card follows that run',
      ],
      async () => {
        const AsyncData = example('AsyncData.tsx');
        render(<AsyncData />);
        user(4);
        await advance(800);
        expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
        for (let attempt = 0; attempt < 2; attempt += 1) {
          await advance(1000); // the run the error render started has failed too
          fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
          expect(status()).toHaveTextContent('Loading…');
          await advance(800);
          expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
        }
      },
    );
  });
});

describe('getting-started/frameworks', () => {
  const claim = claimsOf('version-1.0.0-rc14/getting-started/frameworks');
  // The Vite sample renders into a #root of its own, outside what Testing Library cleans up.
  afterEach(() => {
    document.body.innerHTML = '';
  });

  claim(
    [
      'Stan 1.0.0-rc14 needs no setup in any framework: there is no provider to render and no store to create',
      'Two components that read `clicks` always agree, wherever they are in the tree, even under two separate React roots on the same page',
    ],
    () => {
      document.body.innerHTML = '<div id="root"></div>';
      act(() => {
        runLogged('version-1.0.0-rc14/getting-started/frameworks', 'src/main.tsx', {
          ...sampleModulesOf(VERSION),
          'react-dom/client': reactDomClient,
        });
      });
      const button = screen.getByRole('button');
      expect(button).toHaveTextContent('Clicked 0 times');
      fireEvent.click(button);
      expect(button).toHaveTextContent('Clicked 1 times');

      const clicks = atom(0);
      function Clicks() {
        return <span>{useStanValue(clicks)}</span>;
      }
      const containers = [document.createElement('div'), document.createElement('div')];
      const roots = containers.map((container) => reactDomClient.createRoot(container));
      act(() => roots.forEach((root) => root.render(<Clicks />)));
      act(() => clicks.set(5));
      expect(containers.map((container) => container.textContent)).toEqual(['5', '5']);
      act(() => roots.forEach((root) => root.unmount()));
    },
  );

  claim(
    [
      'Every atom holds one value for the whole JavaScript runtime. In the browser that is one value per page',
      'On a server, one process renders the pages of many visitors, and they all see the same atoms',
      'An atom that one request writes to keeps that value for the next request, of another visitor',
      'Client Components are also rendered on the server for the first HTML, and there they read the server process\'s values',
    ],
    () => {
      const signedIn = atom<string | null>(null);
      function Header() {
        return <p>{useStanValue(signedIn) ?? 'guest'}</p>;
      }
      const request = (user: string | null) => {
        if (user !== null) signedIn.set(user);
        return renderToString(<Header />);
      };
      expect(request('ada')).toBe('<p>ada</p>');
      expect(request(null)).toBe('<p>ada</p>'); // another visitor
    },
  );

  claim(
    [
      "The package's React entry point carries no `\"use client\"` directive, so put one at the top of each file whose components call a hook",
    ],
    () => {
      const bindings = fs.readFileSync(path.join(versionPackageDir(VERSION), 'dist/react.js'), 'utf8');
      expect(bindings).not.toMatch(/^\s*["']use client["']/);
      const { Counter } = runLogged<{ Counter: ComponentType }>('version-1.0.0-rc14/getting-started/frameworks', 'Counter.tsx').exports;
      render(<Counter />);
      fireEvent.click(screen.getByRole('button'));
      expect(screen.getByRole('button')).toHaveTextContent('1');
    },
  );

  claim(
    [
      'The hooks read the atoms\' values while Gatsby renders the HTML, so keep those renders free of writes to atoms: the pages of one build share the same values, and a page would see what an earlier page wrote',
    ],
    () => {
      const visited = atom<string[]>([]);
      function Page({ name }: { name: string }) {
        const pages = useStanValue(visited);
        if (!pages.includes(name)) visited.set([...pages, name]); // a write during render
        return <p>{pages.join(',')}</p>;
      }
      renderToString(<Page name="/docs" />);
      expect(renderToString(<Page name="/blog" />)).toBe('<p>/docs</p>');
    },
  );
});
