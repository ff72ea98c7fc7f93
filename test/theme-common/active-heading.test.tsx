// The table of contents follows the reader through an IntersectionObserver, not scroll reads.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { activeHeading, useActiveHeading } from '@src/theme-common/active-heading';
import { addHeadings, cross, installFakeIntersectionObserver, observers } from '../support/intersection-observer';

const ids = ['one', 'one-a', 'two'];
const headings = () => addHeadings(ids);

function Probe() {
  const active = useActiveHeading(ids);
  return <output>{active}</output>;
}

beforeEach(installFakeIntersectionObserver);

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
