import { render, screen, within } from '@testing-library/react';
import TOC from '@src/theme/TOC';

describe('TOC', () => {
  it('renders nested h2/h3 links in the "Table of contents" landmark', () => {
    render(
      <TOC
        items={[
          { id: 'usage', title: 'Usage', children: [{ id: 'options', title: 'Options', children: [] }] },
          { id: 'see-also', title: 'See also', children: [] },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '#usage',
      '#options',
      '#see-also',
    ]);
  });

  it('renders nothing for a page without headings', () => {
    const { container } = render(<TOC items={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
