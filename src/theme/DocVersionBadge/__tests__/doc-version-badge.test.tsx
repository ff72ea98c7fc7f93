import { render, screen } from '@testing-library/react';
import DocVersionBadge from '..';

describe('DocVersionBadge', () => {
  test('names the docs version in words, as text rather than a control', () => {
    const { container } = render(<DocVersionBadge label="Next" />);
    expect(container.firstElementChild).toHaveTextContent(/^Version: Next$/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
