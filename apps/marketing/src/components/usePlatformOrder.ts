import { useEffect, useState } from 'react';
import { browserPlatform, PLATFORMS, platformsFor, type Platform } from './platforms.ts';

/**
 * Platforms with the visitor's first. The pre-rendered HTML has the default order; the real one
 * is applied right after hydration (the server cannot know the device).
 */
export function usePlatformOrder(): { order: Platform[]; current: Platform | null } {
  const [current, setCurrent] = useState<Platform | null>(null);
  // Two-pass rendering: hydration must see the pre-rendered order, and it does not patch what
  // differs, so the device's order is set after it (the rule cannot tell this from a cascade).
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setCurrent(browserPlatform()), []);
  return { order: current ? platformsFor(current) : [...PLATFORMS], current };
}
