import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bank/shared';
import { admin } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { adminText } from './admin-texts';
import { bankUsers } from './test-data';

beforeEach(() => {
  server.use(http.get('*/api/admin/users/:bankId', () => HttpResponse.json(bankUsers)));
});

async function openStudent() {
  const view = renderApp('/1/admin/users', admin);
  // The first render of the page loads its code: allow the slow machine some time.
  await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
  await view.user.click(screen.getByRole('button', { name: 'Edit user student' }));
  return view;
}

describe('Reset Password in Edit User', () => {
  it('asks first, then shows the new temporary password once with a Copy button', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/admin/users/:userId/resetPassword', ({ params }) => {
        calls.push(String(params.userId));
        return HttpResponse.text(messages.temporaryPassword('maple-tiger-river-42'), {
          headers: { 'cache-control': 'no-store' },
        });
      }),
    );
    const { user } = await openStudent();
    await user.click(screen.getByRole('button', { name: adminText.resetPassword }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent(adminText.resetPasswordConfirm('student', 'Sam Student'));
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: adminText.resetPassword }));
    const again = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(again).getByRole('button', { name: adminText.resetPassword }));
    const shown = await screen.findByTestId('temporary-password');
    expect(shown).toHaveTextContent(/^maple-tiger-river-42$/);
    expect(calls).toEqual(['student']);
    const status = shown.closest<HTMLElement>('[role="status"]')!;
    expect(status).toHaveTextContent(adminText.passwordReset);
    expect(within(status).getByRole('button', { name: adminText.copyPassword })).toHaveFocus();
  });

  it("shows the server's reason when the reset fails", async () => {
    server.use(
      http.post('*/api/admin/users/:userId/resetPassword', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: messages.notFound }, { status: 404 }),
      ),
    );
    const { user } = await openStudent();
    await user.click(screen.getByRole('button', { name: adminText.resetPassword }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: adminText.resetPassword }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(adminText.resetPasswordFailed);
    expect(failure).toHaveTextContent(messages.notFound);
    expect(screen.queryByTestId('temporary-password')).not.toBeInTheDocument();
  });
});
