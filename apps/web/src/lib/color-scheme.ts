/** Where Mantine's colour scheme manager keeps the choice of Settings (its default key). */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

/**
 * Light or dark on <html> as MantineProvider sets it (defaultColorScheme "auto": the stored choice,
 * else the system's), for the sign-in page, which paints before Mantine has loaded (issue 13).
 * Follows a change of the system's scheme while the stored choice is "auto" or none.
 */
export function applyColorScheme() {
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
  const apply = () => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(COLOR_SCHEME_KEY);
    } catch {
      // No storage (a locked-down browser): the system's scheme.
    }
    const scheme = stored === 'light' || stored === 'dark' ? stored : dark?.matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  };
  apply();
  dark?.addEventListener?.('change', apply);
}
