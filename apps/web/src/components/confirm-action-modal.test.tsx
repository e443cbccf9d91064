import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmActionModal } from './confirm-action-modal';

function renderModal(danger: boolean) {
  render(
    <MantineProvider>
      <ConfirmActionModal
        opened
        message="Are you sure?"
        confirmLabel={danger ? 'Delete Branch' : 'Create Branch'}
        danger={danger}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />
    </MantineProvider>,
  );
}

describe('Confirm Action focus (issue 14)', () => {
  it('in front of a delete, focuses Go Back so that Enter never deletes by accident', async () => {
    renderModal(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go Back' })).toHaveFocus());
  });

  it('in front of a create or save, focuses the confirm button so that Enter goes on', async () => {
    renderModal(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Branch' })).toHaveFocus());
  });
});

describe('one Delete (issue 14)', () => {
  it("the dialog's Delete looks like every other Delete", async () => {
    renderModal(true);
    const remove = await screen.findByRole('button', { name: 'Delete Branch' });
    expect(remove).toHaveAttribute('data-delete-button');
    expect(remove).toHaveAttribute('data-variant', 'default');
  });
});
