// `react` for the apps built with the Preact runtime (see ../vite/index.ts): React's API from
// preact/compat, plus what React 19 has and preact/compat does not and our libraries call.
// Plain JS: preact/compat's types are `export =`, which TypeScript cannot re-export with `*`.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * react-router's RouterProvider calls useOptimistic and sets the optimistic state only when it
 * is given `useTransitions` (we never do): the state passed in is the state shown.
 */
export function useOptimistic(passthrough) {
  return [passthrough, () => undefined];
}
