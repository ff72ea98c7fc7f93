import { hitActionShortcut } from '@src/theme/SearchBar/hit-actions';

const key = { key: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe('hitActionShortcut', () => {
  it.each([
    [{ key: 'Delete' }, 'remove'],
    [{ key: 's', ctrlKey: true }, 'favorite'],
    [{ key: 's', metaKey: true }, 'favorite'],
    [{ key: 'S', ctrlKey: true }, 'favorite'],
    [{ key: 'Backspace' }, null],
    [{ key: 's' }, null],
    [{ key: 'Delete', shiftKey: true }, null],
    [{ key: 'Delete', ctrlKey: true }, null],
    [{ key: 's', ctrlKey: true, altKey: true }, null],
  ])('%o → %s', (init, action) => {
    expect(hitActionShortcut({ ...key, ...init })).toBe(action);
  });
});
