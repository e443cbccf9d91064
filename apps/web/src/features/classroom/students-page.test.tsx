import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { classroomText as t, messages, participationScreenText, type Goal } from '@bank/shared';
import { admin, bankSettings, savings, teller } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const goal: Goal = {
  goalId: 1,
  accountId: savings.accountId,
  name: 'Bike',
  amount: 100,
  targetDate: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  progress: 0.6,
  reachedAt: null,
  balance: 60,
  left: 40,
  weeklySaving: 5,
  weeksToGo: 8,
};

describe('Students', () => {
  it('searches by part of a name and opens a deposit with branch and account chosen', async () => {
    const queries: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/teller/students/')) queries.push(url.search);
    });
    const { user, router } = renderApp('/1/students', teller);
    expect(await screen.findAllByTestId('student-row')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: t.searchLabel }), 'nor');
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByTestId('student-row')).toHaveTextContent('Nora North');
    // The server searches (name or user id, anywhere): the last call carries what was typed.
    expect(queries.at(-1)).toBe('?q=nor');
    server.events.removeAllListeners();
    await user.click(screen.getByRole('link', { name: 'Deposit: Nora North, CHECKING **0003' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/deposit'));
    expect(await screen.findByLabelText('Deposit Account', { selector: 'input' })).toHaveValue(
      'Nora North · CHECKING **0003 · $75.00',
    );
    expect(screen.getByLabelText('Branch')).toHaveValue('2');
  });

  it("shows each student's savings goals in brief, asking only for those who save", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/user/goals/:username', ({ params }) => {
        asked.push(String(params.username));
        return HttpResponse.json([
          { ...goal, goalId: 1, name: 'Bike', progress: 0.604 },
          { ...goal, goalId: 2, name: 'Trip', progress: 1 },
        ]);
      }),
    );
    renderApp('/1/students', teller);
    const sam = (await screen.findAllByTestId('student-row'))[0]!;
    expect(await within(sam).findByTestId('student-goals')).toHaveTextContent(
      `${participationScreenText.goalBrief('Bike', 60)}${participationScreenText.goalBrief('Trip', 100)}`,
    );
    // Nora has no savings account: nothing to ask.
    expect(asked).toEqual(['student']);
  });

  it('filters by branch', async () => {
    const { user } = renderApp('/1/students', teller);
    await screen.findAllByTestId('student-row');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'Main Campus');
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByTestId('student-row')).toHaveTextContent('Sam Student');
  });

  it('shows a teller only the flows the bank allows, and no password reset', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, tellerWithdrawalPermission: false }),
      ),
    );
    renderApp('/1/students', teller);
    expect(
      await screen.findByRole('link', { name: 'Deposit: Sam Student, CHECKING **0001' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Withdraw:/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset Password/ })).not.toBeInTheDocument();
  });

  it('lets an admin reset a forgotten password', async () => {
    server.use(
      http.post('*/api/admin/users/:userId/resetPassword', () =>
        HttpResponse.text(messages.temporaryPassword('maple-tiger-river-42')),
      ),
    );
    const { user } = renderApp('/1/students', admin);
    await user.click(await screen.findByRole('button', { name: 'Reset Password: Nora North' }));
    expect(
      screen.getByRole('heading', { name: t.resetPasswordFor('Nora North', 'nora') }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByTestId('temporary-password')).toHaveTextContent('maple-tiger-river-42');
  });
});
