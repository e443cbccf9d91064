import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { classroomText as t } from '@bank/shared';
import { admin, checking } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const GOOD = 'username,name,branch,accounts\nmaya.chen,Maya Chen,Main Campus,CHECKING\n';
const BAD = 'username,name,branch,accounts\nmaya.chen,Maya Chen,Nowhere,CHECKING\n';

function fakeImport() {
  const calls: { dryRun: boolean; type: string | null; body: string }[] = [];
  server.use(
    http.post('*/api/admin/users/import', async ({ request }) => {
      const body = await request.text();
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      calls.push({ dryRun, type: request.headers.get('Content-Type'), body });
      const ok = body.includes('Main Campus');
      const row = {
        line: 2,
        username: 'maya.chen',
        name: 'Maya Chen',
        branchId: ok ? 1 : null,
        accounts: ['CHECKING'],
        error: ok ? null : 'No branch of this bank has this name or id.',
      };
      if (dryRun) return HttpResponse.json({ ok, rows: [row] });
      const account = { ...checking, username: 'maya.chen' };
      return HttpResponse.json(
        {
          created: [
            {
              username: 'maya.chen',
              name: 'Maya Chen',
              branchId: 1,
              temporaryPassword: 'otter-lamp-42',
              accounts: [account],
            },
          ],
        },
        { status: 201 },
      );
    }),
  );
  return calls;
}

describe('Import Students', () => {
  it('checks, shows each error beside its line, re-checks after a fix, then creates', async () => {
    const calls = fakeImport();
    const { user } = renderApp('/1/admin/users/import', admin);
    const box = await screen.findByLabelText(t.rosterLabel);
    await user.click(box);
    await user.paste(BAD);
    await user.click(screen.getByRole('button', { name: t.check }));
    const row = await screen.findByTestId('import-row');
    expect(row).toHaveTextContent('2');
    expect(row).toHaveTextContent('No branch of this bank has this name or id.');
    expect(screen.getByRole('button', { name: t.createStudents })).toBeDisabled();
    await user.clear(box);
    await user.paste(GOOD);
    // Changed since the check: Create waits for a new check.
    expect(screen.getByText(t.recheckNeeded)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.check }));
    expect(await screen.findByText(t.checkOk(1))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.createStudents }));
    const created = await screen.findByTestId('created-row');
    expect(created).toHaveTextContent('otter-lamp-42');
    expect(created).toHaveTextContent('CHECKING **0001');
    expect(calls.map((c) => [c.dryRun, c.type])).toEqual([
      [true, 'text/csv; charset=utf-8'],
      [true, 'text/csv; charset=utf-8'],
      [false, 'text/csv; charset=utf-8'],
    ]);
    expect(calls[2]!.body).toBe(GOOD);
    // Kept for this tab only, never in localStorage.
    expect(window.sessionStorage.getItem('bank.studentImport')).toContain('otter-lamp-42');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('otter-lamp-42');
  });

  it('prints slips of the result, and warns before the result is left', async () => {
    fakeImport();
    const { user, router } = renderApp('/1/admin/users/import', admin);
    await user.click(await screen.findByLabelText(t.rosterLabel));
    await user.paste(GOOD);
    await user.click(screen.getByRole('button', { name: t.check }));
    await user.click(await screen.findByRole('button', { name: t.createStudents }));
    await user.click(await screen.findByRole('link', { name: t.printSlips }));
    const slip = await screen.findByTestId('sign-in-slip');
    expect(slip).toHaveTextContent('Maya Chen');
    expect(within(slip).getByTestId('slip-password')).toHaveTextContent('otter-lamp-42');
    expect(slip).toHaveTextContent(`${window.location.origin}/login`);
    await waitFor(() => expect(slip).toHaveTextContent('Demo School Bank'));
    await user.click(screen.getByRole('link', { name: t.backToImport }));
    // Still there after going to the slips and back.
    expect(await screen.findByTestId('created-row')).toHaveTextContent('otter-lamp-42');
    await user.click(screen.getByRole('link', { name: 'Manage Users' }));
    const dialog = await screen.findByRole('dialog', { name: t.leaveImportTitle });
    await user.click(within(dialog).getByRole('button', { name: t.stay }));
    expect(router.state.location.pathname).toBe('/1/admin/users/import');
    await user.click(screen.getByRole('link', { name: 'Manage Users' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: t.leaveImportTitle })).getByRole('button', {
        name: t.leave,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/admin/users'));
    expect(window.sessionStorage.getItem('bank.studentImport')).toBeNull();
  });
});
