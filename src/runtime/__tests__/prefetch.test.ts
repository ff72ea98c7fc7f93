import type { GatsbyGlobals } from '../navigation';
import { connectionAllowsPrefetch, guardHoverPrefetch, type ConnectionInfo } from '../prefetch';

describe('connectionAllowsPrefetch', () => {
  it.each<[ConnectionInfo | undefined, boolean]>([
    [undefined, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g', saveData: false }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('%j → %s', (connection, allowed) => {
    expect(connectionAllowsPrefetch(connection)).toBe(allowed);
  });
});

describe('guardHoverPrefetch', () => {
  function setup(connection: ConnectionInfo | undefined) {
    const hovering = jest.fn();
    const win = {
      ___loader: { loadPage: jest.fn(), hovering },
      navigator: { connection },
    } as unknown as Window & GatsbyGlobals;
    guardHoverPrefetch(win);
    win.___loader?.hovering?.('/docs/api/atom');
    return hovering;
  }

  it('lets hover prefetch through on a normal connection', () => {
    expect(setup({ effectiveType: '4g' })).toHaveBeenCalledWith('/docs/api/atom');
  });

  it('skips hover prefetch on 2g and with data saver on', () => {
    expect(setup({ effectiveType: '2g' })).not.toHaveBeenCalled();
    expect(setup({ effectiveType: '4g', saveData: true })).not.toHaveBeenCalled();
  });
});
