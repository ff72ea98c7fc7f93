import { render, screen, within } from '@testing-library/react';
import type { SidebarItem } from '@src/contract/navigation';
import Breadcrumbs from '@src/theme/Breadcrumbs';
import DocPaginator from '@src/theme/DocPaginator';
import DocSidebar from '@src/theme/DocSidebar';
import DocVersionBadge from '@src/theme/DocVersionBadge';
import TOC from '@src/theme/TOC';

const sidebar: SidebarItem[] = [
  { type: 'link', label: 'Introduction', href: '/docs', docId: 'intro', unlisted: false },
  {
    type: 'category',
    label: 'API',
    href: '/docs/api/atom',
    linkUnlisted: false,
    collapsed: false,
    collapsible: true,
    items: [
      { type: 'link', label: 'atom', href: '/docs/api/atom', docId: 'api/atom', unlisted: false },
      { type: 'link', label: 'hidden', href: '/docs/api/hidden', docId: 'api/hidden', unlisted: true },
    ],
  },
];

describe('DocSidebar', () => {
  it('lists docs and expanded categories inside the "Docs sidebar" landmark', () => {
    render(<DocSidebar items={sidebar} />);
    const nav = screen.getByRole('navigation', { name: 'Docs sidebar' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Introduction', '/docs'],
      ['API', '/docs/api/atom'],
      ['atom', '/docs/api/atom'],
    ]);
  });
});

describe('Breadcrumbs', () => {
  it('links home and each category, and marks the current page', () => {
    render(<Breadcrumbs items={[{ label: 'API', href: '/docs/api/atom' }, { label: 'atom' }]} currentTitle="Atom" />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(nav).getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'API' })).toHaveAttribute('href', '/docs/api/atom');
    expect(within(nav).getByText('atom')).toHaveAttribute('aria-current', 'page');
  });

  it('shows the page title for the main doc, which has no crumbs', () => {
    render(<Breadcrumbs items={[]} currentTitle="Introduction" />);
    expect(screen.getByText('Introduction')).toHaveAttribute('aria-current', 'page');
  });
});

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

describe('DocVersionBadge', () => {
  it('names the version', () => {
    const { container } = render(<DocVersionBadge label="Next" />);
    expect(container).toHaveTextContent(/^Version: Next/);
  });
});
