import { useEffect, useRef, useState } from 'react';

/**
 * Navbar visibility for hideOnScroll: hidden once scrolled down past its own height, shown on scroll up,
 * hidden when the reader jumps to a hash anchor (so it does not cover the target).
 */
export function useHideableNavbar(hideOnScroll: boolean) {
  const navbarRef = useRef<HTMLElement>(null);
  const [isNavbarVisible, setVisible] = useState(true);

  useEffect(() => {
    if (!hideOnScroll) return;
    let last = window.scrollY;
    let jumpedToAnchor = false;
    const onScroll = () => {
      const top = window.scrollY;
      const height = navbarRef.current?.offsetHeight ?? 0;
      if (top < height) setVisible(true);
      else if (jumpedToAnchor) jumpedToAnchor = false; // the jump's own scroll says nothing about direction
      else if (top > last) setVisible(false);
      // Not at the bottom: overscroll bounce there must not reveal it.
      else if (top < last && top + window.innerHeight < document.documentElement.scrollHeight) setVisible(true);
      last = top;
    };
    const onHash = () => {
      if (!window.location.hash) return;
      jumpedToAnchor = true;
      setVisible(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHash);
    };
  }, [hideOnScroll]);

  return { navbarRef, isNavbarVisible };
}
