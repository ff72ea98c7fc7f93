import { render, screen, within } from '@testing-library/react';
import DocPaginator from '@src/theme/DocPaginator';

describe('DocPaginator', () => {
  it('links the previous and next docs', () => {
    render(<DocPaginator previous={{ title: 'atom', href: '/docs/api/atom' }} next={{ title: 'selector', href: '/docs/api/selector' }} />);
    const nav = screen.getByRole('navigation', { name: 'Docs pages' });
    expect(within(nav).getByRole('link', { name: /Previous.*atom/ })).toHaveAttribute('href', '/docs/api/atom');
    expect(within(nav).getByRole('link', { name: /Next.*selector/ })).toHaveAttribute('href', '/docs/api/selector');
  });

  it('omits a missing side and renders nothing with neither', () => {
    const { rerender, container } = render(<DocPaginator previous={null} next={{ title: 'x', href: '/x' }} />);
    expect(screen.queryByText('Previous')).toBeNull();
    rerender(<DocPaginator previous={null} next={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
