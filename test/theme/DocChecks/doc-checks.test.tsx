import fs from 'fs';
import path from 'path';
import { render, screen } from '@testing-library/react';
import DocChecks, { CHECKS_SECTION } from '@src/theme/DocChecks';
import { extractMdxLinks } from '@src/node/mdx-extract';

const line = (props: Partial<Parameters<typeof DocChecks>[0]> = {}) =>
  render(<DocChecks packageName="@rkrupinski/stan" release="1.2.0-rc4" samples={14} statements={23} {...props} />);

describe('DocChecks', () => {
  test('says what was checked, against which release, with the figures it is given', () => {
    const { container } = line();
    expect(container).toHaveTextContent(
      'Checked against @rkrupinski/stan 1.2.0-rc4: 14 samples compile, 23 statements are run by tests. How this site checks itself',
    );
  });

  test('uses the singular for one, and says so when a page has no samples or no tested statements', () => {
    const one = line({ samples: 1, statements: 1 });
    expect(one.container).toHaveTextContent('1 sample compiles, 1 statement is run by a test.');
    one.unmount();
    const none = line({ samples: 0, statements: 0 });
    expect(none.container).toHaveTextContent('no samples to compile, no statement on this page is run by a test yet.');
  });

  test("links to the installation page's section on how the site checks itself", async () => {
    line();
    expect(screen.getByRole('link', { name: 'How this site checks itself' })).toHaveAttribute(
      'href',
      '/docs/getting-started/installation#how-this-site-checks-itself',
    );
    // The target exists: the installation page has a heading with that id.
    const page = path.resolve(__dirname, '../../../content/docs/getting-started/installation.mdx');
    const { headingIds } = await extractMdxLinks(fs.readFileSync(page, 'utf8'));
    expect(headingIds).toContain(CHECKS_SECTION.id);
  });
});
