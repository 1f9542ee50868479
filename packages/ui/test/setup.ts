import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// What an app's index.html provides; axe checks the whole document.
document.documentElement.lang = 'en';
document.title = 'Nimbus UI tests';
