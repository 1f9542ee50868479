let over: Promise<void> = Promise.resolve();
let finish: (() => void) | undefined;

/**
 * The shell is about to hydrate pre-rendered HTML: `hydrationOver()` waits until the app has
 * rendered (`endHydration`).
 */
export function startHydration(): void {
  over = new Promise((resolve) => {
    finish = resolve;
  });
}

/** The app has hydrated (or rendered afresh): AppRoot's first effect. */
export function endHydration(): void {
  finish?.();
  finish = undefined;
}

/**
 * Resolves once the pre-rendered page has hydrated (at once when none is hydrating). The API
 * client's answers wait for it: hydration must render what the pre-render did (no data yet),
 * and an answer that lands while the route's chunks load or while React hydrates in slices
 * would put data into the first render: a mismatch (React error #418).
 */
export function hydrationOver(): Promise<void> {
  return over;
}

/**
 * The client with every promise it hands out settled only once hydration is over (requests
 * start at once; what they depend on, like the signing keys, is fetched meanwhile). Every API
 * answer reaches the pages (the query cache, the session check) through it.
 */
export function heldUntilHydrated<T extends object>(client: T): T {
  const hold = <V>(value: V) => hydrationOver().then(() => value);
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, target, args);
        return result instanceof Promise
          ? result.then(hold, (error: unknown) => hold(undefined).then(() => Promise.reject(error)))
          : result;
      };
    },
  });
}
