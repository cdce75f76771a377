/**
 * Extra jsdom polyfills for the shared-component tests. The project-wide `src/test/setup.ts`
 * belongs to the platform team, so component tests import this file (through `test-utils`)
 * instead of editing it.
 */

// Mantine's Combobox and ScrollArea scroll options into view and measure the viewport.
if (!Element.prototype.scrollTo) {
  Element.prototype.scrollTo = () => {};
}

// Popover positioning (floating-ui) reads DOMRect from ranges and elements.
if (typeof document.createRange === 'function') {
  const range = document.createRange();
  if (!('getBoundingClientRect' in range)) {
    Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    Range.prototype.getClientRects = () =>
      ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
  }
}

// Some Mantine components observe visibility; jsdom has no IntersectionObserver.
if (!('IntersectionObserver' in globalThis)) {
  class IntersectionObserverStub {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds: number[] = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = IntersectionObserverStub;
}

// Mantine's autosize text areas wait for `document.fonts`, which jsdom lacks.
if (!('fonts' in document)) {
  const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
}
