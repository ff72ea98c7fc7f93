import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRequiredContext } from './context';
import { useWindowSize } from './window-size';

interface NavbarMobileSidebarContextValue {
  /** True when the navbar has no items: there is nothing to show in the menu. */
  disabled: boolean;
  shown: boolean;
  toggle(): void;
  close(): void;
}

const [NavbarMobileSidebarContext, useNavbarMobileSidebarContext] =
  createRequiredContext<NavbarMobileSidebarContextValue>('useNavbarMobileSidebar', 'NavbarMobileSidebarProvider');

export function NavbarMobileSidebarProvider({ children, itemCount }: { children: ReactNode; itemCount: number }) {
  const disabled = itemCount === 0;
  const [shownState, setShown] = useState(false);
  const shown = shownState && !disabled;
  const isDesktop = useWindowSize() === 'desktop';

  useEffect(() => {
    if (isDesktop) setShown(false);
  }, [isDesktop]);

  useEffect(() => {
    if (!shown) return;
    // The page behind the menu must not scroll.
    const { style } = document.body;
    const previous = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previous;
    };
  }, [shown]);

  const toggle = useCallback(() => setShown((s) => !s), []);
  const close = useCallback(() => setShown(false), []);
  const value = useMemo(() => ({ disabled, shown, toggle, close }), [disabled, shown, toggle, close]);
  return <NavbarMobileSidebarContext.Provider value={value}>{children}</NavbarMobileSidebarContext.Provider>;
}

/** The mobile navbar menu (below 996 px): shown state, forced closed on desktop, disabled without items. */
export const useNavbarMobileSidebar = useNavbarMobileSidebarContext;
