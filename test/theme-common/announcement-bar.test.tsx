import { fireEvent, render, screen } from '@testing-library/react';
import siteConfig from '../../site.config';
import { announcementBarScript } from '@src/runtime/ssr/color-mode-script';
import AnnouncementBar from '@src/theme/AnnouncementBar';
import { AnnouncementBarProvider, isAnnouncementDismissed } from '@src/theme-common/announcement-bar';

const bar = siteConfig.themeConfig.announcementBar!;
const DISMISS = 'docusaurus.announcement.dismiss';
const ID = 'docusaurus.announcement.id';

function renderBar() {
  return render(
    <AnnouncementBarProvider>
      <AnnouncementBar />
    </AnnouncementBarProvider>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-announcement-dismissed');
});

describe('isAnnouncementDismissed', () => {
  it('is true only for a closeable bar dismissed under the same id', () => {
    expect(isAnnouncementDismissed({ id: 'a', isCloseable: true }, 'true', 'a')).toBe(true);
    expect(isAnnouncementDismissed({ id: 'a', isCloseable: true }, 'true', 'old')).toBe(false);
    expect(isAnnouncementDismissed({ id: 'a', isCloseable: true }, 'false', 'a')).toBe(false);
    expect(isAnnouncementDismissed({ id: 'a', isCloseable: true }, 'yes', 'a')).toBe(false);
    expect(isAnnouncementDismissed({ id: 'a', isCloseable: false }, 'true', 'a')).toBe(false);
  });
});

describe('AnnouncementBar', () => {
  it('ships a closeable announcement with AA colours', () => {
    expect(bar.isCloseable).toBe(true);
    renderBar();
    const region = screen.getByRole('region', { name: 'Announcement' });
    expect(region).toHaveStyle({ backgroundColor: bar.backgroundColor, color: bar.textColor });
  });

  it('closes, and the dismissal is stored with the bar id', () => {
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Close announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    expect(window.localStorage.getItem(DISMISS)).toBe('true');
    expect(window.localStorage.getItem(ID)).toBe(bar.id);
  });

  it('stays closed on the next visit with the same id', () => {
    window.localStorage.setItem(DISMISS, 'true');
    window.localStorage.setItem(ID, bar.id);
    renderBar();
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });

  it('shows again and resets the dismissal when the bar id changed', () => {
    window.localStorage.setItem(DISMISS, 'true');
    window.localStorage.setItem(ID, 'an-older-announcement');
    renderBar();
    expect(screen.getByRole('region', { name: 'Announcement' })).toBeInTheDocument();
    expect(window.localStorage.getItem(ID)).toBe(bar.id);
    expect(window.localStorage.getItem(DISMISS)).toBe('false');
  });

  it('shows when storage is unavailable and closing still works for this page', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Close announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });
});

describe('the inline dismissal script', () => {
  const run = () => new Function(announcementBarScript(siteConfig.themeConfig) ?? '')();

  it('marks <html> before first paint when this bar was dismissed', () => {
    window.localStorage.setItem(DISMISS, 'true');
    window.localStorage.setItem(ID, bar.id);
    run();
    expect(document.documentElement).toHaveAttribute('data-announcement-dismissed', 'true');
  });

  it('does nothing for another id, and tolerates storage that throws', () => {
    window.localStorage.setItem(DISMISS, 'true');
    window.localStorage.setItem(ID, 'old');
    run();
    expect(document.documentElement).not.toHaveAttribute('data-announcement-dismissed');
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('no storage');
    });
    expect(run).not.toThrow();
  });

  it('is left out for a bar that cannot be closed', () => {
    expect(announcementBarScript({ ...siteConfig.themeConfig, announcementBar: { ...bar, isCloseable: false } })).toBeNull();
  });
});
