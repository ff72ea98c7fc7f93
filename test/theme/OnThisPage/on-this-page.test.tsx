// "On this page" offers the table of contents' entries where the TOC column is hidden, following the reader.
import { fireEvent, render, screen } from '@testing-library/react';
import type { TocItem } from '@src/contract/toc';
import OnThisPage from '@src/theme/OnThisPage';
import { addHeadings, cross, installFakeIntersectionObserver } from '../../support/intersection-observer';

const items: TocItem[] = [
  { id: 'one', title: 'One', children: [{ id: 'one-a', title: 'One A', children: [] }] },
  { id: 'two', title: 'Two', children: [] },
];
const headings = () => addHeadings(['one', 'one-a', 'two']);

beforeEach(installFakeIntersectionObserver);

describe('OnThisPage', () => {
  it('opens and closes its list with a button carrying aria-expanded; choosing an entry closes it', () => {
    headings();
    render(<OnThisPage items={items} />);
    const button = screen.getByRole('button', { name: /On this page/ });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Two' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape from the list and gives focus back to the button', () => {
    headings();
    render(<OnThisPage items={items} />);
    const button = screen.getByRole('button', { name: /On this page/ });
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'One A' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('names the section being read on the button and marks its entry current', () => {
    headings();
    render(<OnThisPage items={items} />);
    cross('one', true);
    cross('one-a', true);
    expect(screen.getByRole('button', { name: /On this page/ })).toHaveTextContent('On this pageOne A');
    fireEvent.click(screen.getByRole('button', { name: /On this page/ }));
    expect(screen.getByRole('link', { name: 'One A' })).toHaveAttribute('aria-current', 'true');
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('renders nothing for a page without headings', () => {
    const { container } = render(<OnThisPage items={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
