import { screen, within } from '@testing-library/react';

/** The raw error text(s) tied to a field through aria-describedby (no whitespace collapsing). */
export function fieldError(label: string | RegExp): string {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el !== null && el.className.includes('error'))
    .map((el) => el.textContent ?? '')
    .join('|');
}

/** The option labels of a native select. */
export function optionLabels(label: string | RegExp): string[] {
  const select = screen.getByLabelText(label);
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

/** Rows of a label/value table as [label, value] pairs. */
export function tableRows(testId: string): [string, string][] {
  return within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((row) => [row.querySelector('th')?.textContent ?? '', row.querySelector('td')?.textContent ?? '']);
}
