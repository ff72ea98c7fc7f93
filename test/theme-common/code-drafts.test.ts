import {
  DRAFT_SAVE_DELAY_MS,
  flushDrafts,
  MAX_DRAFTS_PER_SCOPE,
  onDraftsWritten,
  parseDrafts,
  readDraft,
  saveDraft,
} from '@src/theme-common/code-drafts';
import { STORAGE_KEYS } from '@src/contract/constants';

const stored = (scope: string) => window.localStorage.getItem(STORAGE_KEYS.codeDrafts(scope));

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  flushDrafts();
  window.localStorage.clear();
});

describe('code drafts', () => {
  it("keeps the reader's code per scope and per code it started from", () => {
    saveDraft('sample:/docs/a', 'original one', 'edited one');
    saveDraft('sample:/docs/a', 'original two', 'edited two');
    saveDraft('playground:current', 'original one', 'other scope');
    expect(readDraft('sample:/docs/a', 'original one')).toBe('edited one');
    expect(readDraft('sample:/docs/a', 'original two')).toBe('edited two');
    expect(readDraft('playground:current', 'original one')).toBe('other scope');
    expect(readDraft('sample:/docs/b', 'original one')).toBeNull();
    expect(readDraft('sample:/docs/a', 'a changed sample')).toBeNull();
  });

  it('is read at once, and written to storage shortly after the last edit, or when the page is hidden', () => {
    jest.useFakeTimers();
    saveDraft('s', 'base', 'e1');
    saveDraft('s', 'base', 'e2');
    expect(stored('s')).toBeNull();
    expect(readDraft('s', 'base')).toBe('e2');
    jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
    expect(parseDrafts(stored('s')).map((d) => d.code)).toEqual(['e2']);
    saveDraft('s', 'base', 'e3');
    window.dispatchEvent(new Event('pagehide'));
    expect(parseDrafts(stored('s')).map((d) => d.code)).toEqual(['e3']);
  });

  it('forgets a draft that is its original again (Reset)', () => {
    saveDraft('s', 'base', 'edited');
    flushDrafts();
    saveDraft('s', 'base', 'base');
    expect(readDraft('s', 'base')).toBeNull();
    flushDrafts();
    expect(stored('s')).toBeNull();
  });

  it('keeps the drafts another tab wrote meanwhile', () => {
    saveDraft('s', 'mine', 'my edit');
    window.localStorage.setItem(STORAGE_KEYS.codeDrafts('s'), JSON.stringify([{ base: 'theirs', code: 'their edit', at: 1 }]));
    flushDrafts();
    expect(readDraft('s', 'mine')).toBe('my edit');
    expect(readDraft('s', 'theirs')).toBe('their edit');
  });

  it('keeps the most recently edited drafts of a scope', () => {
    for (let i = 0; i < MAX_DRAFTS_PER_SCOPE + 5; i += 1) saveDraft('s', `base ${i}`, `edit ${i}`, 1000 + i);
    flushDrafts();
    const kept = parseDrafts(stored('s'));
    expect(kept).toHaveLength(MAX_DRAFTS_PER_SCOPE);
    expect(readDraft('s', 'base 0')).toBeNull();
    expect(readDraft('s', `base ${MAX_DRAFTS_PER_SCOPE + 4}`)).toBe(`edit ${MAX_DRAFTS_PER_SCOPE + 4}`);
  });

  it.each([
    ['not JSON', '{"base":'],
    ['not a list', '{"base":"b","code":"c","at":1}'],
    ['entries of another shape', '[null, 7, {"base":"b"}, {"base":"b","code":5,"at":1}]'],
  ])('reads a corrupt entry (%s) as no draft, and replaces it on the next edit', (_what, text) => {
    window.localStorage.setItem(STORAGE_KEYS.codeDrafts('s'), text);
    expect(readDraft('s', 'b')).toBeNull();
    saveDraft('s', 'b', 'new edit');
    expect(flushDrafts()).toBe(true);
    expect(parseDrafts(stored('s')).map((d) => d.code)).toEqual(['new edit']);
  });

  it('never throws when storage is refused, keeps the drafts for this tab, and says the write failed', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const written = jest.fn();
    const stop = onDraftsWritten(written);
    expect(() => saveDraft('refused', 'base', 'edited')).not.toThrow();
    expect(flushDrafts()).toBe(false);
    expect(written).toHaveBeenLastCalledWith(false);
    expect(readDraft('refused', 'base')).toBe('edited');
    stop();
  });

  it('when storage is full, keeps the draft just edited over older ones', () => {
    for (let i = 0; i < 3; i += 1) saveDraft('s', `old ${i}`, `old edit ${i}`, i);
    flushDrafts();
    const setItem = Storage.prototype.setItem;
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.length > 100) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    saveDraft('s', 'new', 'new edit', 10);
    expect(flushDrafts()).toBe(true);
    expect(parseDrafts(stored('s')).map((d) => d.base)).toEqual(['new']);
  });
});
