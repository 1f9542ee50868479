import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// What an app's index.html provides; axe checks the whole document.
document.documentElement.lang = 'en';
document.title = 'Nimbus UI tests';

// jsdom has no canvas and logs "Not implemented" when axe-core probes one; answer as jsdom
// does (no context), without the noise.
HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;
