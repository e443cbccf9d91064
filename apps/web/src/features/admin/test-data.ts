import { screen, within } from '@testing-library/react';
import type { User } from '@bank/shared';
import { admin, student, teller } from '../../test/fixtures';

/** The admin screens' users: staff, a Student of each branch, and a teller assigned to Main Campus. */
export const nora: User = { ...student, userId: 'nora', username: 'nora', name: 'Nora North', branchId: 2 };
export const mainTeller: User = {
  ...teller,
  userId: 'tina',
  username: 'tina',
  name: 'Tina Teller',
  displayName: 'Tina',
  branchId: 1,
};
export const bankUsers: User[] = [admin, nora, student, teller, mainTeller];

/** The body cells of a table, row by row. */
export function tableCells(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

export function tableHeaders(name: string): string[] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');
}
