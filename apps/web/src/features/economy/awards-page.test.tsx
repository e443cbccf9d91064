import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { economyScreens as t, schoolYearText, type Award, type GiveAwardResult } from '@bank/shared';
import { teller } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { classList } from './test-data';

const ourTeacher = { ...teller, branchId: 1 };
const bonus: Award = { awardId: 1, bankId: 1, name: 'Helped a classmate', kind: 'deposit', amount: 2 };
const fine: Award = { awardId: 2, bankId: 1, name: 'Late homework', kind: 'withdrawal', amount: 1 };

let awards: Award[];
let gives: { awardId: string; body: unknown; key: string | null }[];
let answer: GiveAwardResult;

beforeEach(() => {
  awards = [bonus, fine];
  gives = [];
  answer = { batchId: 'b-1', count: 2, total: 4, leftOut: [] };
  server.use(
    http.get('*/api/teller/students/:bankId', () => HttpResponse.json(classList)),
    http.get('*/api/teller/awards/:bankId', () => HttpResponse.json(awards)),
    http.post('*/api/teller/awards/:awardId/give', async ({ request, params }) => {
      gives.push({
        awardId: String(params.awardId),
        body: await request.json(),
        key: request.headers.get('Idempotency-Key'),
      });
      return HttpResponse.json(answer, { status: 201 });
    }),
    http.post('*/api/teller/awards', async ({ request }) => {
      const body = (await request.json()) as Omit<Award, 'awardId' | 'bankId'>;
      const made = { ...body, awardId: 3, bankId: 1 };
      awards = [...awards, made];
      return HttpResponse.json(made, { status: 201 });
    }),
  );
});

const seat = (name: string) =>
  within(screen.getByRole('group', { name: t.seatGridLabel })).getByRole('button', { name });

describe('Awards', () => {
  it('gives an award to students tapped on the seat grid in two clicks: the button, then Give', async () => {
    const { user } = renderApp('/1/awards', ourTeacher);
    await screen.findByRole('group', { name: t.seatGridLabel });
    await user.click(seat('Ana Lee'));
    await user.click(seat('Cy Park'));
    expect(seat('Ana Lee')).toHaveAttribute('aria-pressed', 'true');
    expect(seat('Ben Ode')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('chosen-count')).toHaveTextContent(t.chosenCount(2));

    // First click: the award's button asks, naming the award and everyone chosen.
    await user.click(screen.getByRole('button', { name: 'Helped a classmate +$2.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent(t.confirmGive('Helped a classmate', '+$2.00', ['Ana Lee', 'Cy Park']));
    expect(gives).toEqual([]);
    // Second click: Give.
    await user.click(within(dialog).getByRole('button', { name: t.giveButton }));
    expect(await screen.findByText(t.givenBonus('Helped a classmate', 2, '$4.00'))).toBeInTheDocument();
    expect(gives).toEqual([{ awardId: '1', body: { usernames: ['ana', 'cy'] }, key: expect.any(String) }]);
    // Given: nobody stays chosen, so a second press never gives it twice by accident.
    await waitFor(() => expect(screen.getByTestId('chosen-count')).toHaveTextContent(t.chosenCount(0)));
  });

  it('names everyone a fine left out, with why', async () => {
    answer = {
      batchId: 'b-2',
      count: 1,
      total: 1,
      leftOut: [
        {
          accountId: '1000000001',
          username: 'ben',
          name: 'Ben Ode',
          reason: schoolYearText.leftOutCannotPay,
        },
      ],
    };
    const { user } = renderApp('/1/awards', ourTeacher);
    await user.click(await screen.findByRole('radio', { name: t.viewList }));
    const list = screen.getByRole('group', { name: t.studentListLabel });
    await user.click(within(list).getByRole('checkbox', { name: /Ana Lee/ }));
    await user.click(within(list).getByRole('checkbox', { name: /Ben Ode/ }));
    await user.click(screen.getByRole('button', { name: 'Late homework \u2212$1.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: t.giveButton }));
    const result = await screen.findByTestId('give-result');
    expect(result).toHaveTextContent(t.givenFine('Late homework', 1, '$1.00'));
    expect(result).toHaveTextContent(t.leftOutLine('Ben Ode', schoolYearText.leftOutCannotPay));
    expect(gives[0]!.body).toEqual({ usernames: ['ana', 'ben'] });
  });

  it('asks for students before an award is given, and sends nothing', async () => {
    const { user } = renderApp('/1/awards', ourTeacher);
    await user.click(await screen.findByRole('button', { name: 'Helped a classmate +$2.00' }));
    expect(await screen.findByText(t.chooseFirst)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(gives).toEqual([]);
  });

  it('makes a new award button: a fine, checked by the shared rules first', async () => {
    const { user } = renderApp('/1/awards', ourTeacher);
    await user.click(await screen.findByRole('button', { name: t.newAward }));
    const form = screen.getByRole('region', { name: t.createAwardTitle });
    await user.type(within(form).getByLabelText(new RegExp(`^${t.awardNameLabel}`)), 'Noisy');
    await user.click(within(form).getByRole('button', { name: t.createAward }));
    expect(within(form).getByText('Enter an amount greater than 0.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(new RegExp(`^${t.awardAmountLabel}`)), '0.5');
    await user.click(within(form).getByRole('radio', { name: t.awardFine }));
    await user.click(within(form).getByRole('button', { name: t.createAward }));
    expect(await screen.findByText(t.awardSaved('Noisy'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Noisy \u2212$0.50' })).toBeInTheDocument();
  });
});
