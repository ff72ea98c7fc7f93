import { act, fireEvent, screen } from '@testing-library/react';
import enhanceTypeHints from '@src/theme/islands/TypeHints';
import { HOVER_GRACE_MS, startTypePopups } from '@src/theme/islands/TypeHints/popups';
import { fence, mountDoc } from './markup';

jest.setTimeout(30_000);

const SAMPLE = fence('ts', "import { atom, makeStore } from '@rkrupinski/stan';\n\nconst count = atom(0);\ncount(makeStore()).get();");

const hintNamed = (root: HTMLElement, name: string) =>
  Array.from(root.querySelectorAll<HTMLElement>('.type-hint')).find((hint) => hint.textContent === name) as HTMLElement;
const focused = () => document.activeElement as HTMLElement;

let stop: (() => void) | undefined;
beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  stop?.();
  stop = undefined;
  jest.useRealTimers();
});

describe('TypeHints island: loading', () => {
  it('loads the popup code on the first focus of an identifier, and shows that identifier’s type', async () => {
    const root = await mountDoc(SAMPLE);
    stop = enhanceTypeHints(root) ?? undefined;
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    // Focus elsewhere does nothing.
    fireEvent.focusIn(root);
    await act(async () => undefined);
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    const first = root.querySelector<HTMLElement>('.type-hint[tabindex="0"]') as HTMLElement;
    first.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^const atom: <T>\(initialValue: T/);
    expect(first).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
  });

  it('shows the popup of an identifier focused before the island started', async () => {
    const root = await mountDoc(SAMPLE);
    const first = root.querySelector<HTMLElement>('.type-hint[tabindex="0"]') as HTMLElement;
    first.focus();
    stop = enhanceTypeHints(root) ?? undefined;
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^const atom/);
  });
});

describe('TypeHints popups', () => {
  it('keyboard: arrows and Home/End move focus within the sample; the focused one is the only Tab stop', async () => {
    const root = await mountDoc(SAMPLE);
    stop = startTypePopups(root);
    const hints = Array.from(root.querySelectorAll<HTMLElement>('.type-hint'));
    hints[0]?.focus();
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    expect(focused()).toBe(hints[1]);
    expect(screen.getByRole('tooltip')).toHaveTextContent('const makeStore: () => Store');
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    expect(focused()).toBe(hints[2]);
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(focused()).toBe(hints[1]);
    fireEvent.keyDown(focused(), { key: 'End' });
    expect(focused()).toBe(hints[hints.length - 1]);
    fireEvent.keyDown(focused(), { key: 'ArrowRight' }); // stays on the last one
    expect(focused()).toBe(hints[hints.length - 1]);
    fireEvent.keyDown(focused(), { key: 'Home' });
    expect(focused()).toBe(hints[0]);
    expect(hints.filter((hint) => hint.tabIndex === 0)).toEqual([hints[0]]);
    fireEvent.keyDown(focused(), { key: 'ArrowLeft' });
    expect(focused()).toBe(hints[0]);
  });

  it('Escape hides the popup and it stays hidden for that identifier until focus leaves it', async () => {
    const root = await mountDoc(SAMPLE);
    stop = startTypePopups(root);
    const count = hintNamed(root, 'count');
    count.focus();
    expect(screen.getByRole('tooltip')).toBeVisible();
    fireEvent.keyDown(count, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(count).not.toHaveAttribute('aria-describedby');
    fireEvent.focusIn(count);
    expect(screen.queryByRole('tooltip')).toBeNull();
    count.blur();
    count.focus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('const count: Scoped<WritableState<number>>');
  });

  it('hover shows the type; leaving hides it after a grace period the pointer can use to reach the popup', async () => {
    jest.useFakeTimers();
    const root = await mountDoc(SAMPLE);
    stop = startTypePopups(root);
    const atom = hintNamed(root, 'atom');
    fireEvent.pointerOver(atom);
    const popup = screen.getByRole('tooltip');
    expect(popup).toHaveTextContent(/^const atom/);
    fireEvent.pointerOut(atom, { relatedTarget: popup });
    fireEvent.pointerEnter(popup);
    act(() => jest.advanceTimersByTime(HOVER_GRACE_MS * 2));
    expect(popup).toBeVisible();
    fireEvent.pointerLeave(popup);
    act(() => jest.advanceTimersByTime(HOVER_GRACE_MS - 1));
    expect(popup).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('after Escape, the identifier under a resting pointer opens nothing until the pointer moves', async () => {
    const root = await mountDoc(SAMPLE);
    stop = startTypePopups(root);
    fireEvent.pointerOver(hintNamed(root, 'atom'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOver(hintNamed(root, 'count'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerMove(document, { movementX: 3, movementY: 0 });
    fireEvent.pointerOver(hintNamed(root, 'count'));
    expect(screen.getByRole('tooltip')).toHaveTextContent(/^const count/);
  });

  it('stopping removes the popup and the description', async () => {
    const root = await mountDoc(SAMPLE);
    const stopPopups = startTypePopups(root);
    const atom = hintNamed(root, 'atom');
    atom.focus();
    expect(screen.getByRole('tooltip')).toBeVisible();
    stopPopups();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    expect(atom).not.toHaveAttribute('aria-describedby');
  });
});
