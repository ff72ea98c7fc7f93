import { render } from '@testing-library/react';
import { useAnnouncementBar } from '../announcement-bar';
import { useColorMode } from '../color-mode';
import { useDocsPreferredVersion } from '../docs-preferred-version';
import { useNavbarMobileSidebar } from '../navbar-mobile-sidebar';

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
