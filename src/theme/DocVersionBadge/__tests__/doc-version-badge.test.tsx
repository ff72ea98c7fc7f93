import { render, screen } from '@testing-library/react';
import DocVersionBadge from '..';

describe('DocVersionBadge', () => {
  test('names the docs version in words, as text rather than a control', () => {
    const { container } = render(<DocVersionBadge label="Next" />);
    expect(container.firstElementChild).toHaveTextContent(/^Version: Next$/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('names the release a version labelled otherwise documents', () => {
    const { container } = render(<DocVersionBadge label="Next" release="1.2.0-rc4" />);
    expect(container.firstElementChild).toHaveTextContent(/^Version: Next \(1\.2\.0-rc4\)$/);
  });

  test('names a release once when the version is labelled with it', () => {
    const { container } = render(<DocVersionBadge label="1.0.0-rc14" release="1.0.0-rc14" />);
    expect(container.firstElementChild).toHaveTextContent(/^Version: 1\.0\.0-rc14$/);
  });
});
