import { fireEvent, screen, within } from '@testing-library/react';
import enhanceTabs, { targetTabForKey } from '@src/theme/islands/Tabs';
import { STORAGE_KEYS } from '@src/contract/constants';
import { createStorageSlot } from '@src/theme-common/storage';
import { mountDoc } from './markup';

jest.setTimeout(30_000);

const tabs = (groupId: string, values: string[]) =>
  `<Tabs groupId="${groupId}">\n${values.map((v) => `<TabItem value="${v}" label="${v} label">\n\nPanel ${v}\n\n</TabItem>`).join('\n')}\n</Tabs>\n`;
const KEY = STORAGE_KEYS.tabGroup('package-manager');

const selectedLabels = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('[role="tab"][aria-selected="true"]'), (tab) => tab.textContent);
const visiblePanels = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>('[role="tabpanel"]:not([hidden])'), (panel) => panel.textContent);

beforeEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
  // storage.ts keeps values whose write failed for this tab; a working write forgets them.
  createStorageSlot(KEY).del();
});

describe('Tabs island', () => {
  it('switches on click: aria-selected, roving tabindex and the visible panel follow', async () => {
    const root = await mountDoc(tabs('package-manager', ['npm', 'yarn', 'pnpm']));
    expect(root.querySelector('.tabs')).not.toHaveAttribute('data-enhanced');
    enhanceTabs(root);
    expect(root.querySelector('.tabs')).toHaveAttribute('data-enhanced');
    fireEvent.click(screen.getByRole('tab', { name: 'yarn label' }));
    expect(selectedLabels(root)).toEqual(['yarn label']);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(visiblePanels(root)).toEqual(['yarn labelPanel yarn']);
  });

  it('moves with ArrowRight/ArrowLeft (wrapping), Home and End, focusing the new tab', async () => {
    const root = await mountDoc(tabs('package-manager', ['npm', 'yarn', 'pnpm']));
    enhanceTabs(root);
    const [npm, yarn, pnpm] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    npm.focus();
    fireEvent.keyDown(npm, { key: 'ArrowRight' });
    expect(yarn).toHaveFocus();
    expect(yarn).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(yarn, { key: 'End' });
    expect(pnpm).toHaveFocus();
    fireEvent.keyDown(pnpm, { key: 'ArrowRight' });
    expect(npm).toHaveFocus();
    fireEvent.keyDown(npm, { key: 'ArrowLeft' });
    expect(pnpm).toHaveFocus();
    fireEvent.keyDown(pnpm, { key: 'Home' });
    expect(npm).toHaveFocus();
    expect(visiblePanels(root)).toEqual(['npm labelPanel npm']);
    // Other keys are left to the browser.
    const tab = fireEvent.keyDown(npm, { key: 'ArrowDown' });
    expect(tab).toBe(true);
    expect(fireEvent.keyDown(npm, { key: 'ArrowRight', ctrlKey: true })).toBe(true);
  });

  it('targetTabForKey wraps at both ends', () => {
    const tab = (id: string): HTMLElement => Object.assign(document.createElement('button'), { id });
    const [a, b, c] = [tab('a'), tab('b'), tab('c')];
    const list = [a, b, c];
    expect(targetTabForKey(list, c, 'ArrowRight')).toBe(a);
    expect(targetTabForKey(list, a, 'ArrowLeft')).toBe(c);
    expect(targetTabForKey(list, a, 'End')).toBe(c);
    expect(targetTabForKey(list, c, 'Home')).toBe(a);
    expect(targetTabForKey(list, a, 'ArrowRight')).toBe(b);
    expect(targetTabForKey(list, a, 'Enter')).toBeNull();
  });

  it('remembers the choice per groupId and syncs every group with that id on the page', async () => {
    const root = await mountDoc(
      `${tabs('package-manager', ['npm', 'yarn'])}\n${tabs('package-manager', ['npm', 'yarn'])}\n${tabs('framework', ['npm', 'yarn'])}`,
    );
    enhanceTabs(root);
    const [first] = Array.from(root.querySelectorAll<HTMLElement>('.tabs'));
    fireEvent.click(within(first as HTMLElement).getByRole('tab', { name: 'yarn label' }));
    expect(window.localStorage.getItem(KEY)).toBe('yarn');
    // Both package-manager groups switched; the framework group did not.
    expect(selectedLabels(root)).toEqual(['yarn label', 'yarn label', 'npm label']);
  });

  it('restores the remembered choice when it starts (after a reload or navigation)', async () => {
    window.localStorage.setItem(KEY, 'yarn');
    const root = await mountDoc(tabs('package-manager', ['npm', 'yarn']));
    enhanceTabs(root);
    expect(selectedLabels(root)).toEqual(['yarn label']);
    expect(visiblePanels(root)).toEqual(['yarn labelPanel yarn']);
  });

  it('ignores a stored value no tab offers (corrupt or stale)', async () => {
    window.localStorage.setItem(KEY, '{"not":"a tab"}');
    const root = await mountDoc(tabs('package-manager', ['npm', 'yarn']));
    enhanceTabs(root);
    expect(selectedLabels(root)).toEqual(['npm label']);
    fireEvent.click(screen.getByRole('tab', { name: 'yarn label' }));
    expect(selectedLabels(root)).toEqual(['yarn label']);
  });

  it('keeps working when storage is unavailable (private mode, disabled cookies)', async () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const root = await mountDoc(`${tabs('package-manager', ['npm', 'yarn'])}\n${tabs('package-manager', ['npm', 'yarn'])}`);
    expect(() => enhanceTabs(root)).not.toThrow();
    fireEvent.click(screen.getAllByRole('tab', { name: 'yarn label' })[0] as HTMLElement);
    expect(selectedLabels(root)).toEqual(['yarn label', 'yarn label']);
  });

  it('follows a choice made in another browser tab', async () => {
    const root = await mountDoc(tabs('package-manager', ['npm', 'yarn']));
    enhanceTabs(root);
    window.localStorage.setItem(KEY, 'yarn');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'yarn' }));
    expect(selectedLabels(root)).toEqual(['yarn label']);
  });

  it('without a groupId, switches but stores nothing', async () => {
    const root = await mountDoc('<Tabs>\n<TabItem value="a">A</TabItem>\n<TabItem value="b">B</TabItem>\n</Tabs>\n');
    enhanceTabs(root);
    fireEvent.click(screen.getByRole('tab', { name: 'b' }));
    expect(selectedLabels(root)).toEqual(['b']);
    expect(window.localStorage.length).toBe(0);
  });

  it('stops listening after cleanup', async () => {
    const root = await mountDoc(tabs('package-manager', ['npm', 'yarn']));
    const stop = enhanceTabs(root);
    stop?.();
    expect(root.querySelector('.tabs')).not.toHaveAttribute('data-enhanced');
    fireEvent.click(screen.getByRole('tab', { name: 'yarn label' }));
    expect(selectedLabels(root)).toEqual(['npm label']);
  });
});
