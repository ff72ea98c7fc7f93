import { fireEvent, render, screen } from '@testing-library/react';
import { navigate, prefetchPathname } from 'gatsby';
import DocContent from '@src/theme/DocContent';

beforeEach(() => (navigate as jest.Mock).mockClear());

describe('DocContent', () => {
  const html = '<h2 id="usage">Usage</h2><p>See <a href="/docs/api/selector">selector</a> and <a href="https://github.com/rkrupinski/stan">the source</a>.</p>';

  it('renders the build-time HTML', () => {
    render(<DocContent html={html} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Usage' })).toHaveAttribute('id', 'usage');
  });

  it('navigates client-side when an internal link is clicked', () => {
    render(<DocContent html={html} />);
    const click = fireEvent.click(screen.getByRole('link', { name: 'selector' }));
    expect(click).toBe(false); // default prevented: no full page load
    expect(navigate).toHaveBeenCalledWith('/docs/api/selector', undefined);
  });

  it('lets the browser follow external links', () => {
    render(<DocContent html={html} />);
    fireEvent.click(screen.getByRole('link', { name: 'the source' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks Gatsby to prefetch an internal link on hover (its public prefetch, which skips slow connections)', () => {
    render(<DocContent html={html} />);
    fireEvent.mouseOver(screen.getByRole('link', { name: 'the source' }));
    expect(prefetchPathname).not.toHaveBeenCalled();
    fireEvent.mouseOver(screen.getByRole('link', { name: 'selector' }));
    expect(prefetchPathname).toHaveBeenCalledWith('/docs/api/selector');
  });
});
