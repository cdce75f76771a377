import { fieldDomId } from './form-values';

/** Moves the focus to the input of a value path (or the group holding it), after the errors render. */
export function focusFieldPath(path: string | undefined): void {
  if (!path) return;
  setTimeout(() => {
    const parts = path.split('.');
    // The closest element that exists: `corpuri.1.arie`, then `corpuri.1`, then `corpuri`.
    for (let end = parts.length; end > 0; end -= 1) {
      const element = document.getElementById(fieldDomId(parts.slice(0, end).join('.')));
      if (!element) continue;
      const target = element.matches('input, textarea, select, button')
        ? element
        : element.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, button');
      (target ?? element).focus();
      element.scrollIntoView?.({ block: 'center' });
      return;
    }
  }, 0);
}
