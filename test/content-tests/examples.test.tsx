// The live examples of /docs/getting-started/examples: they work, keep their own store, and the code
// shown beside each one on the page is exactly its source file.
import fs from 'fs';
import path from 'path';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import CounterExample from '@src/examples/counter';
import TodoListExample from '@src/examples/todo-list';
import AsyncDataExample from '@src/examples/async-data';
import { CONTENT_DIR, codeSamples, REPO_ROOT } from '../support/samples';

const EXAMPLES_PAGE = path.join(CONTENT_DIR, 'getting-started/examples.mdx');
/** The title of the code block that shows each example's source on the page. */
const SOURCE_TITLES = {
  counter: 'Counter.tsx',
  'todo-list': 'TodoList.tsx',
  'async-data': 'AsyncData.tsx',
} as const;

describe('examples page shows each example source verbatim', () => {
  const blocks = codeSamples(fs.readFileSync(EXAMPLES_PAGE, 'utf8'), 'examples.mdx');

  it.each(Object.entries(SOURCE_TITLES))('%s: the block titled %s equals src/examples/<id>/index.tsx', (id, title) => {
    const shown = blocks.filter((b) => b.title === title);
    expect(shown).toHaveLength(1);
    const source = fs.readFileSync(path.join(REPO_ROOT, 'src/examples', id, 'index.tsx'), 'utf8');
    expect(`${shown[0]?.code}\n`).toBe(source);
  });
});

describe('Counter example', () => {
  it('increments, decrements, derives parity and resets', () => {
    render(<CounterExample />);
    const count = screen.getByRole('status', { name: 'Count' });
    expect(count).toHaveTextContent('0');
    expect(screen.getByText('The count is even.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '+1' }));
    fireEvent.click(screen.getByRole('button', { name: '+1' }));
    fireEvent.click(screen.getByRole('button', { name: '+1' }));
    expect(count).toHaveTextContent('3');
    expect(screen.getByText('The count is odd.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '−1' }));
    expect(count).toHaveTextContent('2');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(count).toHaveTextContent('0');
  });

  it('gives every mounted example its own store', () => {
    render(
      <>
        <div data-testid="a">
          <CounterExample />
        </div>
        <div data-testid="b">
          <CounterExample />
        </div>
      </>,
    );
    fireEvent.click(within(screen.getByTestId('a')).getByRole('button', { name: '+1' }));
    expect(within(screen.getByTestId('a')).getByRole('status')).toHaveTextContent('1');
    expect(within(screen.getByTestId('b')).getByRole('status')).toHaveTextContent('0');
  });
});

describe('Todo list example', () => {
  const add = (title: string) => {
    fireEvent.change(screen.getByLabelText('New todo'), { target: { value: title } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  };

  it('adds, completes and deletes todos, with a live count', () => {
    render(<TodoListExample />);
    expect(screen.getByText('Nothing to do yet.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 0 left');

    add('Write docs');
    add('  Ship it  ');
    expect(screen.getByLabelText('New todo')).toHaveValue('');
    add('   '); // blank titles are not added
    const list = screen.getByRole('list', { name: 'Todos' });
    expect(within(list).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent?.trim())).toEqual([
      'Write docs',
      'Ship it',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 2 left');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Write docs' }));
    expect(screen.getByRole('checkbox', { name: 'Write docs' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 left');

    fireEvent.click(screen.getByRole('button', { name: 'Delete "Ship it"' }));
    expect(screen.getByRole('status')).toHaveTextContent('0 of 1 left');
  });
});

describe('Async data example', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const advance = async (ms: number) => {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
    });
  };

  it('loads a user, caches it, aborts a superseded reload and reports errors', async () => {
    render(<AsyncDataExample />);
    const status = () => screen.getByRole('status');
    expect(status()).toHaveTextContent('Loading…');
    expect(status()).toHaveAttribute('aria-busy', 'true');

    await advance(1000);
    expect(status()).toHaveTextContent(/^Ada Lovelace \(loaded at .+\)$/);
    const firstLoad = status().textContent;
    expect(status()).toHaveAttribute('aria-busy', 'false');

    // Another user loads on its own; returning to user 1 is served from the cache.
    fireEvent.click(screen.getByRole('button', { name: 'User 2' }));
    expect(screen.getByRole('button', { name: 'User 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(status()).toHaveTextContent('Loading…');
    await advance(1000);
    expect(status()).toHaveTextContent(/^Grace Hopper/);
    fireEvent.click(screen.getByRole('button', { name: 'User 1' }));
    await advance(0);
    expect(status().textContent).toBe(firstLoad);

    // Two reloads in a row: the first run is aborted and never shows as an error.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await advance(400);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await advance(0);
    expect(status()).toHaveTextContent('Loading…');
    await advance(500);
    expect(status()).toHaveTextContent('Loading…');
    await advance(400);
    expect(status()).toHaveTextContent(/^Ada Lovelace/);

    fireEvent.click(screen.getByRole('button', { name: 'User 4' }));
    await advance(1000);
    expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
    expect(status()).toHaveAttribute('aria-busy', 'false');
  });

  // The reported failure: wait until the hidden run after the error has failed too, then press Reload.
  it('after an error, each Reload shows the error again within a second of its run settling, never Loading… for ever', async () => {
    render(<AsyncDataExample />);
    const status = () => screen.getByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'User 4' }));
    await advance(1000);
    expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await advance(2500);
      const reload = screen.getByRole('button', { name: 'Reload' });
      fireEvent.click(reload);
      await advance(0);
      expect(status()).toHaveTextContent('Loading…');
      expect(reload).toBeInTheDocument(); // the button keeps its place (and focus)
      await advance(800 + 200);
      expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
    }
    // A quick Reload, while the hidden run after the error is still in flight, works the same.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await advance(1000);
    expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
    // And once the user exists, Reload shows the data.
    fireEvent.click(screen.getByRole('button', { name: 'User 1' }));
    await advance(1000);
    expect(status()).toHaveTextContent(/^Ada Lovelace/);
  });

  it('the Reload button keeps keyboard focus while the status below it reloads', async () => {
    render(<AsyncDataExample />);
    await advance(1000);
    const reload = screen.getByRole('button', { name: 'Reload' });
    reload.focus();
    fireEvent.click(reload);
    await advance(0);
    expect(reload).toHaveFocus();
  });
});
