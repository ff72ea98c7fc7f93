import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { latePiece, type LatePiece } from '@src/theme/islands/loader';
import { closeSearch, installSearchShortcuts } from '@src/theme-common/search-modal';
import type { SearchModalProps } from '@src/theme/SearchBar/Modal';

function FakeModal({ initialQuery, onClose }: SearchModalProps) {
  return (
    <div role="dialog" aria-label="fake search">
      <input aria-label="query" defaultValue={initialQuery ?? ''} />
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  );
}

// The modal's code, as a piece whose loading each test controls.
let mockPiece: LatePiece<ComponentType<SearchModalProps>>;
const mockImporter = jest.fn<Promise<ComponentType<SearchModalProps>>, []>();
jest.mock('@src/theme/SearchBar/load', () => ({
  get searchModal() {
    return mockPiece;
  },
}));

import SearchBar, { isEditing, isOpenShortcut } from '@src/theme/SearchBar/index';

beforeEach(() => {
  mockImporter.mockReset();
  mockImporter.mockImplementation(() => Promise.resolve(FakeModal));
  mockPiece = latePiece('Search', () => mockImporter());
});
afterEach(() => act(() => closeSearch()));

const button = () => screen.getByRole('button', { name: 'Search' });
const key = (init: KeyboardEventInit, target: EventTarget = window) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  });

describe('SearchBar', () => {
  it('renders the button statically: the label "Search" and the shortcut, no modal code loaded', () => {
    render(<SearchBar />);
    expect(button()).toHaveTextContent('SearchCtrlK');
    expect(button()).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K /');
    expect(mockImporter).not.toHaveBeenCalled();
  });

  it('loads the modal code on first hover or focus, before any click, once', async () => {
    render(<SearchBar />);
    await act(async () => fireEvent.pointerEnter(button()));
    expect(mockImporter).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.focus(button()));
    expect(mockImporter).toHaveBeenCalledTimes(1);
  });

  it('opens on click and closes back to the button', async () => {
    render(<SearchBar />);
    button().focus();
    await act(async () => fireEvent.click(button()));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    screen.getByLabelText('query').focus();
    fireEvent.click(screen.getByText('close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button()).toHaveFocus();
  });

  it('opens with Ctrl+K, Cmd+K and "/", and closes with Escape', async () => {
    render(<SearchBar />);
    await key({ key: 'k', ctrlKey: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await key({ key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await key({ key: 'k', metaKey: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await key({ key: 'k', metaKey: true }); // the shortcut toggles
    expect(screen.queryByRole('dialog')).toBeNull();
    await key({ key: '/' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('does not open on Ctrl+F, nor on "/" typed into a field', async () => {
    render(
      <>
        <SearchBar />
        <input aria-label="other field" />
        <div contentEditable aria-label="editor" />
      </>,
    );
    await key({ key: 'f', ctrlKey: true });
    await key({ key: '/' }, screen.getByLabelText('other field'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isEditing(screen.getByLabelText('editor'))).toBe(true);
  });

  it('passes a letter or digit typed on the focused button to the search input', async () => {
    render(<SearchBar />);
    button().focus();
    await act(async () => fireEvent.keyDown(button(), { key: 'a' }));
    expect(screen.getByLabelText('query')).toHaveValue('a');
  });

  it('ignores other keys on the button', async () => {
    render(<SearchBar />);
    await act(async () => fireEvent.keyDown(button(), { key: 'Tab' }));
    await act(async () => fireEvent.keyDown(button(), { key: 'a', ctrlKey: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a spinner only when the modal takes longer than 200 ms to load', async () => {
    jest.useFakeTimers();
    try {
      let resolveLoad!: () => void;
      mockImporter.mockImplementation(() => new Promise((resolve) => (resolveLoad = () => resolve(FakeModal))));
      render(<SearchBar />);
      await act(async () => fireEvent.click(button()));
      act(() => jest.advanceTimersByTime(199));
      expect(screen.queryByRole('status', { name: 'Loading search' })).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('status', { name: 'Loading search' })).toBeInTheDocument();
      expect(document.querySelector('[data-search-button]')).toHaveAttribute('aria-busy', 'true');
      await act(async () => resolveLoad());
      expect(screen.queryByRole('status', { name: 'Loading search' })).toBeNull();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers the shortcuts once when two buttons are mounted (navbar and mobile menu)', async () => {
    render(
      <>
        <SearchBar />
        <SearchBar />
      </>,
    );
    await key({ key: 'k', ctrlKey: true });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('keeps a shortcut pressed while no button is mounted (a navigation swapping the page) for the next one', async () => {
    installSearchShortcuts(window);
    const press = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    window.dispatchEvent(press);
    // Never handed on to the browser's own Ctrl+K.
    expect(press.defaultPrevented).toBe(true);
    await act(async () => {
      render(<SearchBar />);
    });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says near the button when search cannot load, never spins, and Retry opens it', async () => {
    jest.useFakeTimers();
    try {
      mockImporter.mockRejectedValueOnce(new Error('Loading chunk 532 failed.'));
      render(<SearchBar />);
      await act(async () => fireEvent.click(button()));
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Search could not load.');
      // Next to the button, in the same wrapper, so Tab reaches Retry right after it.
      expect(button().parentElement).toContainElement(alert);
      act(() => jest.advanceTimersByTime(1000));
      expect(button()).not.toHaveAttribute('aria-busy');
      expect(screen.queryByRole('status', { name: 'Loading search' })).toBeNull();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
      expect(mockImporter).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('dismisses the notice with Escape or a click elsewhere, and tries again on the next opening', async () => {
    let online = false;
    mockImporter.mockImplementation(() => (online ? Promise.resolve(FakeModal) : Promise.reject(new Error('offline'))));
    render(
      <>
        <SearchBar />
        <button type="button">elsewhere</button>
      </>,
    );
    await act(async () => fireEvent.click(button()));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await key({ key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button()).toHaveFocus();
    await act(async () => fireEvent.click(button()));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    const other = screen.getByRole('button', { name: 'elsewhere' });
    other.focus();
    await act(async () => fireEvent.pointerDown(other));
    expect(screen.queryByRole('alert')).toBeNull();
    // The reader went elsewhere: focus is not pulled back to the search button.
    expect(other).toHaveFocus();
    online = true;
    const calls = mockImporter.mock.calls.length;
    await act(async () => fireEvent.click(button()));
    expect(mockImporter.mock.calls.length).toBeGreaterThan(calls);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('isOpenShortcut', () => {
  const event = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);
  it('accepts Ctrl/Cmd+K and "/", rejects Ctrl+F and modified or shifted variants', () => {
    expect(isOpenShortcut(event({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(isOpenShortcut(event({ key: 'K', metaKey: true }))).toBe(true);
    expect(isOpenShortcut(event({ key: '/' }))).toBe(true);
    expect(isOpenShortcut(event({ key: 'f', ctrlKey: true }))).toBe(false);
    expect(isOpenShortcut(event({ key: 'k' }))).toBe(false);
    expect(isOpenShortcut(event({ key: 'k', ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

describe('search button accessible name', () => {
  it('takes its name from the visible label (no aria-label), so the name contains the visible text', () => {
    render(<SearchBar />);
    expect(button()).not.toHaveAttribute('aria-label');
    expect(button()).toHaveAccessibleName('Search');
  });
});
