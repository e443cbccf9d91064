import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeleteButton } from './delete-button';

describe('one Delete (issue 14)', () => {
  it('a Delete the server would refuse is disabled and says why in visible text it is described by', () => {
    render(
      <MantineProvider>
        <DeleteButton blockedReason="Cannot delete: the balance is $5.00.">Delete</DeleteButton>
        <DeleteButton>Delete too</DeleteButton>
      </MantineProvider>,
    );
    const blocked = screen.getByRole('button', { name: 'Delete' });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription('Cannot delete: the balance is $5.00.');
    expect(screen.getByText('Cannot delete: the balance is $5.00.')).toBeVisible();
    const free = screen.getByRole('button', { name: 'Delete too' });
    expect(free).toBeEnabled();
    expect(free).toHaveAttribute('data-delete-button');
  });
});
