import { render, screen } from '@testing-library/react';
import DocVersionBadge from '@src/theme/DocVersionBadge';

describe('DocVersionBadge', () => {
  test('names the docs version in words, as text rather than a control, the last one marked latest', () => {
    const { container } = render(<DocVersionBadge label="1.2.0-rc4" latest />);
    expect(container.firstElementChild).toHaveTextContent(/^Version: 1\.2\.0-rc4 \(latest\)$/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('names an older version by its release, its label, without the mark', () => {
    const { container } = render(<DocVersionBadge label="1.0.0-rc14" />);
    expect(container.firstElementChild).toHaveTextContent(/^Version: 1\.0\.0-rc14$/);
  });
});
