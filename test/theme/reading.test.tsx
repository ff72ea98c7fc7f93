// The table of contents follows the reader (through an IntersectionObserver, not scroll reads), and "On this page"
// offers the same entries where the TOC column is hidden.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { activeHeading, useActiveHeading } from '@src/theme-common/active-heading';
import OnThisPage from '@src/theme/OnThisPage';
import type { TocItem } from '@src/contract/toc';

const items: TocItem[] = [
  { id: 'one', title: 'One', children: [{ id: 'one-a', title: 'One A', children: [] }] },
  { id: 'two', title: 'Two', children: [] },
];
const ids = ['one', 'one-a', 'two'];

// A stand-in observer the tests drive: which headings have crossed the reading line.
let observers: Array<{ callback: IntersectionObserverCallback; targets: Element[]; options?: IntersectionObserverInit }> = [];
class FakeObserver {
  targets: Element[] = [];
  constructor(
    public callback: IntersectionObserverCallback,
    public options?: IntersectionObserverInit,
  ) {
    observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    observers = observers.filter((o) => o !== this);
  }
}
const cross = (id: string, isIntersecting: boolean) =>
  act(() => {
    const observer = observers.at(-1)!;
    const target = observer.targets.find((t) => t.id === id)!;
    observer.callback([{ target, isIntersecting } as unknown as IntersectionObserverEntry], observer as never);
  });

function Probe() {
  const active = useActiveHeading(ids);
  return <output>{active}</output>;
}

beforeEach(() => {
  observers = [];
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/docs/page');
});

function headings() {
  const host = document.createElement('div');
  host.innerHTML = ids.map((id) => `<h2 id="${id}">${id}</h2>`).join('');
  document.body.append(host);
}

describe('activeHeading', () => {
  it('is the last heading past the line, else the first', () => {
    expect(activeHeading(ids, new Set())).toBe('one');
    expect(activeHeading(ids, new Set(['one', 'one-a']))).toBe('one-a');
    expect(activeHeading(ids, new Set(['one', 'two']))).toBe('two');
    expect(activeHeading([], new Set())).toBeNull();
  });
});

describe('useActiveHeading', () => {
  it('follows headings crossing the line below the navbar, one observer for all of them', () => {
    headings();
    render(<Probe />);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.targets.map((t) => t.id)).toEqual(ids);
    // The root ends at the reading line: the viewport's height minus (navbar + 24 px) off its bottom.
    expect(observers[0]!.options?.rootMargin).toMatch(/^100000px 0px -\d+px 0px$/);
    expect(screen.getByRole('status')).toHaveTextContent('one');
    cross('one', true);
    cross('one-a', true);
    expect(screen.getByRole('status')).toHaveTextContent('one-a');
    cross('one-a', false);
    expect(screen.getByRole('status')).toHaveTextContent(/^one$/);
  });

  it('marks a #hash heading at once and keeps it until the reader scrolls by wheel, touch or key', () => {
    headings();
    window.history.replaceState(null, '', '/docs/page#two');
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('two');
    cross('one', true);
    expect(screen.getByRole('status')).toHaveTextContent('two');
    act(() => {
      window.dispatchEvent(new WheelEvent('wheel'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^one$/);
    act(() => {
      window.location.hash = '#one-a';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('one-a');
    fireEvent.keyDown(window, { key: 'PageDown' });
    expect(screen.getByRole('status')).toHaveTextContent(/^one$/);
  });

  it('ignores a hash that is not one of its headings, or is malformed', () => {
    headings();
    window.history.replaceState(null, '', '/docs/page#%E0%A4%A');
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent(/^one$/);
  });
});

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
