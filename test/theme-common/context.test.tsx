import { render } from '@testing-library/react';
import { useAnnouncementBar } from '@src/theme-common/announcement-bar';
import { useColorMode } from '@src/theme-common/color-mode';
import { useDocsPreferredVersion } from '@src/theme-common/docs-preferred-version';
import { useNavbarMobileSidebar } from '@src/theme-common/navbar-mobile-sidebar';

// A context hook used outside its provider is an error naming the hook and the provider.
describe.each([
  ['useColorMode', 'ColorModeProvider', useColorMode],
  ['useAnnouncementBar', 'AnnouncementBarProvider', useAnnouncementBar],
  ['useDocsPreferredVersion', 'DocsPreferredVersionProvider', useDocsPreferredVersion],
  ['useNavbarMobileSidebar', 'NavbarMobileSidebarProvider', useNavbarMobileSidebar],
])('%s outside %s', (hook, provider, use) => {
  it('throws naming both', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    function Probe() {
      use();
      return null;
    }
    expect(() => render(<Probe />)).toThrow(`${hook}() was called outside <${provider}>`);
  });
});
