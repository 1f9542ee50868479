import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates pre-rendered HTML, true in every render after it (and at once in a
 * page that was not pre-rendered). What the pre-render cannot know (the query string, the
 * device) is read only when this is true, so hydration sees the HTML it was given and raises
 * no mismatch (React error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
