import { render } from '@testing-library/react';
import DocVersionBadge from '..';

describe('DocVersionBadge', () => {
  test('names the docs version, and the release it describes beside it', () => {
    const { container } = render(<DocVersionBadge label="Next" packageName="@rkrupinski/stan" release="1.2.0-rc4" />);
    // One badge holds both, so they stay side by side.
    expect(container.childElementCount).toBe(1);
    expect(container.firstElementChild).toHaveTextContent('Version: Next describes @rkrupinski/stan 1.2.0-rc4');
  });

  test('shows whatever release it is given (the build reads it from the installed package)', () => {
    const { container } = render(<DocVersionBadge label="Next" packageName="@rkrupinski/stan" release="9.9.9" />);
    expect(container).toHaveTextContent('describes @rkrupinski/stan 9.9.9');
  });
});
