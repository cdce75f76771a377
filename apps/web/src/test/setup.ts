import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { installRomanianValidationMessages } from '@ghiseu/domain';
import { resetSentRequests, server, takeUnhandledRequests } from './msw';

// As in main.tsx: checks without a message of their own answer in Romanian.
installRomanianValidationMessages();

// The HTTP boundary (see msw.ts): a request no handler answers fails the test that sent it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetSentRequests();
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) throw new Error(`Requests no handler answered: ${unhandled.join(', ')}`);
});
afterAll(() => server.close());

// findBy*/waitFor give up after 1 s by default; on a busy two-core CI machine a lazy Mantine
// component can take longer to appear. Five seconds keeps the tests meaningful and stable.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; Mantine components query them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// The rich-text editor (ProseMirror) asks where the pointer is after a click in a dialog.
document.elementFromPoint ??= () => null;
