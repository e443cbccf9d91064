/** Below the fixed header, not under it, when scrolled into view (`scroll-margin-top`). */
export const BELOW_HEADER = 'calc(var(--app-shell-header-offset, 60px) + 16px)';

/**
 * Focus to the outcome of a step and the outcome to the top of the screen, with the buttons of the
 * next step right under it (issue 20: after Check, Create was 1,534 px down a class's rows; after
 * Create, "Print sign-in slips" was 1,040 px up).
 */
export function reveal(element: HTMLElement | null) {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView?.({ block: 'start' });
}
