/**
 * A browser with storage disabled or corrupted may throw from sessionStorage's getter or from each of its methods.
 * Gatsby's own start-up calls `sessionStorage.removeItem` unguarded, so such a browser never hydrates the page:
 * every control stays dead. Before Gatsby's scripts run, an inline <head> script tries the real storage once and,
 * when it throws, puts an in-memory stand-in in its place for the life of the page (what is written there is lost
 * on reload, which is all sessionStorage holds here: Gatsby's scroll positions and the route-failure note).
 */

/**
 * `keepSessionStorageUsable(win)`: true when it installed the stand-in. Plain source text, since it is inlined;
 * written for the browsers the site supports (no syntax a browser of the last years lacks).
 */
export const SESSION_STORAGE_SOURCE = `function keepSessionStorageUsable(win) {
  try {
    var storage = win.sessionStorage, probe = '__stan_storage_probe__';
    storage.setItem(probe, probe);
    storage.getItem(probe);
    storage.removeItem(probe);
    return false;
  } catch (e) {}
  var items = new Map();
  var standIn = {
    getItem: function (key) { key = String(key); return items.has(key) ? items.get(key) : null; },
    setItem: function (key, value) { items.set(String(key), String(value)); },
    removeItem: function (key) { items.delete(String(key)); },
    clear: function () { items.clear(); },
    key: function (index) { var keys = Array.from(items.keys()); return index >= 0 && index < keys.length ? keys[index] : null; },
    get length() { return items.size; }
  };
  try {
    Object.defineProperty(win, 'sessionStorage', { configurable: true, enumerable: true, get: function () { return standIn; } });
    return true;
  } catch (e) {
    return false;
  }
}`;

/** The inline <head> script of every page. */
export function sessionStorageScript(): string {
  return `(${SESSION_STORAGE_SOURCE.replace(/\n\s*/g, ' ')})(window)`;
}
