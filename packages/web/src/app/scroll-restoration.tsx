import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'nimbus:scroll-positions';
const KEPT = 50;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number): void {
  try {
    const positions = readPositions();
    delete positions[key];
    positions[key] = y;
    const keys = Object.keys(positions);
    for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete positions[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage unavailable: back navigation starts at the top.
  }
}

/**
 * Scroll on navigation as a reader expects: a new page starts at the top (or at its #anchor),
 * back and forward return to where the reader was on that entry (kept per history entry in
 * session storage, so it survives a reload).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    const isFirst = first.current;
    first.current = false;
    if (navigationType === 'POP') {
      const y = readPositions()[key];
      if (y !== undefined) window.scrollTo(0, y);
      else if (!isFirst) window.scrollTo(0, 0);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (!isFirst) {
      window.scrollTo(0, 0);
    }
    // The position is taken from scroll events, not read in the clean-up: by then the next
    // page's DOM is in and a shorter page may already have clamped the scroll.
    let latest = window.scrollY;
    const onScroll = () => {
      latest = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      savePosition(key, latest);
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
