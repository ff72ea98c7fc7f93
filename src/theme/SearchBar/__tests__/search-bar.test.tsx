import { act, fireEvent, render, screen } from '@testing-library/react';
import type { SearchModalProps } from '../Modal';

let mockResolveLoad: (() => void) | null = null;
const mockLoadSearchModal = jest.fn();

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

jest.mock('../load', () => ({ loadSearchModal: () => mockLoadSearchModal() }));

import SearchBar, { isEditing, isOpenShortcut } from '../index';

beforeEach(() => {
  mockLoadSearchModal.mockReset();
  mockLoadSearchModal.mockImplementation(() => Promise.resolve(FakeModal));
});

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
    expect(mockLoadSearchModal).not.toHaveBeenCalled();
  });

  it('loads the modal code on first hover or focus, before any click', () => {
    render(<SearchBar />);
    fireEvent.pointerEnter(button());
    expect(mockLoadSearchModal).toHaveBeenCalledTimes(1);
    fireEvent.focus(button());
    expect(mockLoadSearchModal).toHaveBeenCalledTimes(2); // the loader itself memoises
  });

  it('opens on click and closes back to the button', async () => {
    render(<SearchBar />);
    await act(async () => fireEvent.click(button()));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
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
      mockLoadSearchModal.mockImplementation(
        () =>
          new Promise((resolve) => {
            mockResolveLoad = () => resolve(FakeModal);
          }),
      );
      render(<SearchBar />);
      await act(async () => fireEvent.click(button()));
      act(() => jest.advanceTimersByTime(199));
      expect(screen.queryByRole('status', { name: 'Loading search' })).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('status', { name: 'Loading search' })).toBeInTheDocument();
      await act(async () => mockResolveLoad?.());
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
