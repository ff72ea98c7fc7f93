import { render, screen } from '@testing-library/react';
import { navigate } from 'gatsby';
import NotFound from '@src/theme/NotFound';
import { mockStaticQuery } from '../../support/static-query';

beforeEach(() => {
  mockStaticQuery();
  (navigate as jest.Mock).mockClear();
});

describe('NotFound', () => {
  it('shows the not-found message with ways back into the docs', () => {
    render(<NotFound pathname="/nope" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the introduction' })).toHaveAttribute('href', '/docs');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offers the search box', () => {
    render(<NotFound pathname="/nope" />);
    expect(screen.getByText('Search the docs for what you were looking for:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-keyshortcuts');
  });

  it.each(['/docs/api/atom.html', '/docs/api/atom/index.html'])('replaces %s with the route it names', (path) => {
    render(<NotFound pathname={path} />);
    expect(navigate).toHaveBeenCalledWith('/docs/api/atom', { replace: true });
  });

  it('does not redirect when the stripped path is not a page either', () => {
    render(<NotFound pathname="/docs/api/nothing.html" />);
    expect(navigate).not.toHaveBeenCalled();
  });
});
