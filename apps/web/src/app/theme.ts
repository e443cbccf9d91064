import { createTheme, type CSSVariablesResolver, type NotificationProps } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above the WCAG AA contrast of 4.5:1 (shade 6 is 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // Focus rings on keyboard focus only, drawn by ./a11y.css for inputs and selects as well.
  focusRing: 'auto',
  components: {
    // Notifications' close buttons have no text: name them for screen readers (axe: critical).
    // Written out rather than `Notification.extend(...)`, which would put the component itself into
    // the sign-in page's download (issue 13).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies NotificationProps,
    },
  },
});

/**
 * Texts dark (or, in the dark theme, light) enough for WCAG AA on the page and on the light
 * backgrounds of alerts and striped rows: Mantine's defaults for dimmed and error text are about
 * 3.3:1 in the light theme and the red is 3.9:1 in the dark one. `--bank-success-text` is the
 * title of a success message (teal-9 on the light teal background is 4.3:1; this one is 4.9:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--bank-success-text': '#077556',
    '--bank-focus-ring': 'var(--mantine-color-blue-8)',
    '--bank-debit': 'var(--mantine-color-red-9)',
    // Text of light red buttons (Delete): red-6 on its pale background is below 4.5:1.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    // Disabled buttons stay readable (issue 14): Mantine's gray-5 on gray-2 measured 1.75:1; this is 6.9:1.
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--bank-success-text': 'var(--mantine-color-teal-3)',
    '--bank-focus-ring': 'var(--mantine-color-blue-3)',
    '--bank-debit': 'var(--mantine-color-red-4)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-3)',
    // dark-3 on dark-6 measured 2.47:1; this is 6.85:1.
    '--mantine-color-disabled-color': 'var(--mantine-color-dark-1)',
  },
});
