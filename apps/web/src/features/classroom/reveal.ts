/** Below the fixed header, not under it, when scrolled into view (`scroll-margin-top`). */
export const BELOW_HEADER = 'calc(var(--app-shell-header-offset, 60px) + 16px)';

/**
 * Focus to the outcome of a step and the outcome to the top of the screen, with the buttons of the
 * next step right under it: after Check, Create would otherwise be far down a class's rows, and
 * after Create, "Print sign-in slips" far up (issue 20).
 */
export function reveal(element: HTMLElement | null) {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView?.({ block: 'start' });
}
