/**
 * The not-found page is served for any path, malformed ones too, but Gatsby's runtime decodes the path more than
 * once and requests what it decoded: `/docs/%E0%A4%A` throws before the page starts, `/x%25y` throws on the second
 * decoding, and `/docs/api/atom%20` asks whether `/docs/api/atom ` exists, which the browser trims to a real page.
 * Its router also reads the path as `encodeURI(decodeURI(path))`, which keeps an escaped reserved character
 * (`%3D %26 %2F %3A %2B %40 %24 %2C %3B`) escaped and escapes its `%` again: the page its loader loaded (under
 * `/x=y`) is then not the page it renders (`/x%3Dy`), and the page stays blank. Before Gatsby's scripts run, an
 * inline script replaces such an address with one it can load: the same path, decoded leniently, reserved
 * characters written as themselves, and each character that would change under decoding or URL parsing (an escaped
 * `/` too, which would name another path) shown as U+FFFD (a character no page path contains), so the page starts
 * and its search box works.
 */

/**
 * `loadableAddress(pathname, base)`: the address to show instead of `pathname`, or null when Gatsby loads it as it
 * is. Percent-escapes decode as UTF-8 (invalid bytes become U+FFFD); `%`, `\`, `?`, `#`, an escaped `/`, control
 * characters and trailing spaces become U+FFFD; `/404` when even that would not load. Plain source text, since it
 * is inlined.
 */
export const LOADABLE_ADDRESS_SOURCE = `function loadableAddress(pathname, base) {
  function loadable(p) {
    try {
      var decoded = decodeURIComponent(p);
      return (
        decoded.indexOf('%') < 0 &&
        decodeURIComponent(new URL(decoded, base).pathname) === decoded &&
        decodeURIComponent(encodeURI(decodeURI(p))) === decoded
      );
    } catch (e) {
      return false;
    }
  }
  if (loadable(pathname)) return null;
  var text = '', bytes = [];
  function flush() {
    text += new TextDecoder().decode(new Uint8Array(bytes));
    bytes = [];
  }
  for (var i = 0; i < pathname.length; i++) {
    var escape = /^%([0-9a-f]{2})/i.exec(pathname.slice(i, i + 3));
    if (escape) {
      var code = parseInt(escape[1], 16);
      if (code === 0x2f) {
        flush();
        text += '\\ufffd';
      } else {
        bytes.push(code);
      }
      i += 2;
    } else {
      flush();
      text += pathname[i];
    }
  }
  flush();
  var address = encodeURI(text.replace(/[%\\\\?#\\u0000-\\u001f\\u007f]| +$/g, '\\ufffd'));
  return loadable(address) ? address : '/404';
}`;

/** The inline <head> script of the not-found page: replaces the current address when Gatsby could not load it. */
export function loadableAddressScript(): string {
  return (
    `(function(){${LOADABLE_ADDRESS_SOURCE.replace(/\n\s*/g, ' ')}` +
    `var l=location,a=loadableAddress(l.pathname,l.href);` +
    `if(a!==null)history.replaceState(history.state,"",a+l.search+l.hash)})()`
  );
}

/** The pages Gatsby serves as the not-found page (`/404.html` for unknown paths, and its `/404` twin). */
export const isNotFoundPage = (pathname: string) => /^\/404(?:\.html|\/)?$/.test(pathname);
