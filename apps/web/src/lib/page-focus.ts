/**
 * Where keyboard focus goes when a screen opens: the element marked `data-page-focus` (the login
 * form's User Id), else the page's heading (`data-page-heading`), else the main region. Screens
 * load lazily, so it looks again for a short while until the screen is there.
 */
export function focusPage(main: HTMLElement | null, tries = 20) {
  const target =
    document.querySelector<HTMLElement>('[data-page-focus]') ??
    document.querySelector<HTMLElement>('[data-page-heading]');
  if (target) {
    target.focus();
    return;
  }
  if (tries > 0) {
    window.setTimeout(() => focusPage(main, tries - 1), 50);
    return;
  }
  main?.focus();
}

/** Focus to the first field that shows an error, after a refused submit. */
export function focusFirstInvalid(root: ParentNode = document) {
  window.requestAnimationFrame(() => {
    root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
