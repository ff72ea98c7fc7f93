import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { collapseAnimationDuration, collapseDuration, COLLAPSED_STYLE, useCollapseAnimation } from '@src/theme-common/collapsible';

// round((4 + 15·(h/36)^0.25 + h/180)·10) ms, h = content height.
describe('collapseDuration', () => {
  it.each([
    [0, 40],
    [36, 192],
    [100, 239],
    [360, 327],
    [1000, 440],
  ])('is %d px → %d ms', (height, ms) => {
    expect(collapseDuration(height)).toBe(ms);
  });

  it('matches the spec formula at many heights', () => {
    for (let h = 0; h <= 2000; h += 37) {
      expect(collapseDuration(h)).toBe(Math.round((4 + 15 * Math.pow(h / 36, 0.25) + h / 180) * 10));
    }
  });

  it('is 1 ms under prefers-reduced-motion', () => {
    expect(collapseAnimationDuration(500, true)).toBe(1);
    expect(collapseAnimationDuration(500, false)).toBe(collapseDuration(500));
  });
});

function Section({ initial }: { initial: boolean }) {
  const [collapsed, setCollapsed] = useState(initial);
  const ref = useCollapseAnimation<HTMLDivElement>(collapsed);
  return (
    <>
      <button type="button" aria-expanded={!collapsed} onClick={() => setCollapsed((c) => !c)}>
        Toggle
      </button>
      <div data-testid="panel" ref={ref} style={initial ? COLLAPSED_STYLE : undefined}>
        Body
      </div>
    </>
  );
}

describe('useCollapseAnimation', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('animates height with ease-in-out and the computed duration, then hides the collapsed panel', () => {
    render(<Section initial={false} />);
    const panel = screen.getByTestId('panel');
    const button = screen.getByRole('button', { name: 'Toggle' });
    expect(panel.style.height).toBe('');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // jsdom has no layout: content height 0 → 40 ms.
    expect(panel.style.transition).toBe('height 40ms ease-in-out');
    expect(panel.style.height).toBe('0px');
    act(() => jest.advanceTimersByTime(40));
    expect(panel.style.visibility).toBe('hidden');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel.style.visibility).toBe('visible');
    act(() => jest.advanceTimersByTime(40));
    expect(panel.style.height).toBe('');
    expect(panel.style.transition).toBe('');
  });

  it('starts collapsed without animating on mount', () => {
    render(<Section initial />);
    const panel = screen.getByTestId('panel');
    expect(panel.style.visibility).toBe('hidden');
    expect(panel.style.transition).toBe('');
  });

  it('uses 1 ms when the reader prefers reduced motion', () => {
    const matchMedia = jest.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      render(<Section initial={false} />);
      fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
      expect(screen.getByTestId('panel').style.transition).toBe('height 1ms ease-in-out');
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});
