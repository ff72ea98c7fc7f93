import { isPlainLeftClick, type ClickLike } from '@src/theme-common/navigate';

const click = (change: Partial<ClickLike> = {}): ClickLike => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  ...change,
});

describe('isPlainLeftClick', () => {
  it('is a left click with no modifier key that nothing handled yet', () => {
    expect(isPlainLeftClick(click())).toBe(true);
  });

  it('is not a click that asks for a new tab or window, a download, nor one already handled', () => {
    for (const change of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { button: 2 }, { defaultPrevented: true }]) {
      expect([change, isPlainLeftClick(click(change))]).toEqual([change, false]);
    }
  });

  it('reads a DOM MouseEvent as it is', () => {
    expect(isPlainLeftClick(new MouseEvent('click', { button: 0 }))).toBe(true);
    expect(isPlainLeftClick(new MouseEvent('click', { button: 0, ctrlKey: true }))).toBe(false);
  });
});
