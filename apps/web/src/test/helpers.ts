import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The raw error text(s) tied to a field through aria-describedby (no whitespace collapsing). */
export function fieldError(label: string | RegExp): string {
  // A searchable select labels its input and its list: the field is the input.
  const input = screen.getAllByLabelText(label).find((el) => el.matches('input, select, textarea'))!;
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

/** Picks an option of a searchable Mantine Select by typing part of it, as a person would. */
export async function pickOption(
  user: UserEvent,
  label: string | RegExp,
  typed: string,
  option: string | RegExp,
) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await user.click(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The options a searchable Mantine Select offers once opened. */
export async function selectOptionLabels(user: UserEvent, label: string | RegExp): Promise<string[]> {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  const listbox = await screen.findByRole('listbox');
  const labels = within(listbox)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');
  await user.keyboard('{Escape}');
  return labels;
}
