import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// findBy*/waitFor wait up to 1 s by default: a busy 2-core CI machine running every suite at once
// can take longer to render a screen, and a test that would pass then fails. 5 s still fails a
// screen that never shows what is asked, only later.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Ark's Select and Combobox call while positioning and scrolling their lists
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollTo ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
