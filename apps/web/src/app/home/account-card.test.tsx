import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { participationScreenText as m, studentText } from '@bank/shared';
import { checking, savings, student } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

describe("a Student's account cards at home", () => {
  it('show what is available and what is held beside the balance, only while something is held', async () => {
    server.use(
      http.get('*/api/user/accounts/user/:username', () =>
        HttpResponse.json([{ ...checking, balance: 20, available: 12 }, savings]),
      ),
      http.get('*/api/user/goals/:username', () => HttpResponse.json([])),
    );
    renderApp('/home', student);
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(2));
    const [held, free] = screen.getAllByTestId('account-card');
    expect(held).toHaveTextContent(m.availableHeld('$12.00', '$8.00'));
    expect(held).toHaveAccessibleName(
      `CHECKING **0001 ${studentText.accountKindLine.CHECKING} Balance $20.00 ` +
        `${m.availableHeld('$12.00', '$8.00')} ${studentText.heldExplained('$8.00')}`,
    );
    expect(free).not.toHaveTextContent('Available');
    expect(free).not.toHaveTextContent(studentText.heldExplained('$8.00'));
  });

  it("say what each account is for, in a child's words (issue 33 item 9)", async () => {
    server.use(http.get('*/api/user/goals/:username', () => HttpResponse.json([])));
    renderApp('/home', student);
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('account-card');
    expect(first).toHaveTextContent(studentText.accountKindLine.CHECKING);
    expect(second).toHaveTextContent(studentText.accountKindLine.SAVINGS);
  });
});
