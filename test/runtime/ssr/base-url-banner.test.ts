import { APP_STARTED_ATTRIBUTE, markAppStarted, SCRIPTS_SETTLED_EVENT } from '@src/runtime/handshake';
import { BASE_URL_BANNER_ID, baseUrlBannerMessage, baseUrlBannerScript } from '@src/runtime/ssr/base-url-banner';

function runScript(source: string) {
  // The inline script as the browser runs it, in the test's window.
  new Function(source)();
  // The page's scripts have loaded or failed.
  document.dispatchEvent(new Event(SCRIPTS_SETTLED_EVENT));
}

afterEach(() => {
  document.getElementById(BASE_URL_BANNER_ID)?.remove();
  document.documentElement.removeAttribute(APP_STARTED_ATTRIBUTE);
});

describe('base URL banner', () => {
  it('names the configured base URL and the fix', () => {
    const message = baseUrlBannerMessage('/');
    expect(message).toContain('"/"');
    expect(message).toContain('baseUrl in site.config.ts');
    expect(message).toContain('pathPrefix');
  });

  it('shows the banner when the site’s scripts did not run', () => {
    runScript(baseUrlBannerScript('/'));
    const banner = document.getElementById(BASE_URL_BANNER_ID);
    expect(banner).toHaveAttribute('role', 'alert');
    expect(banner).toHaveTextContent(baseUrlBannerMessage('/'));
    expect(document.body.firstChild).toBe(banner);
  });

  it('stays hidden when the app loaded', () => {
    markAppStarted(document);
    runScript(baseUrlBannerScript('/'));
    expect(document.getElementById(BASE_URL_BANNER_ID)).toBeNull();
  });

  it('waits for the page’s scripts to settle, not for the load event', () => {
    new Function(baseUrlBannerScript('/'))();
    window.dispatchEvent(new Event('load'));
    expect(document.getElementById(BASE_URL_BANNER_ID)).toBeNull();
    document.dispatchEvent(new Event(SCRIPTS_SETTLED_EVENT));
    expect(document.getElementById(BASE_URL_BANNER_ID)).not.toBeNull();
  });

  it('cannot close its <script> element', () => {
    expect(baseUrlBannerScript('/</script><b>')).not.toContain('</script>');
  });
});
