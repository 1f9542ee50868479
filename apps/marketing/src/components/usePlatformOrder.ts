import { startTransition, useEffect, useState } from 'react';
import { browserPlatform, PLATFORMS, platformsFor, type Platform } from './platforms.ts';

/**
 * Platforms with the visitor's first (the usual order when no app fits the device). The pre-rendered HTML has the default order; the real one
 * is applied right after hydration (the server cannot know the device).
 */
export function usePlatformOrder(): { order: Platform[]; current: Platform | null } {
  const [current, setCurrent] = useState<Platform | null>(null);
  // Two-pass rendering: hydration must see the pre-rendered order, and it does not patch what
  // differs, so the device's order is set after it, in a transition: the page renders again in
  // slices that yield to the browser, not in one blocking task.
  useEffect(() => startTransition(() => setCurrent(browserPlatform())), []);
  return { order: current ? platformsFor(current) : [...PLATFORMS], current };
}
