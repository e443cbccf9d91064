import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  classroomText,
  economyScreens,
  messages,
  schoolYearScreens as t,
  schoolYearText,
  type CreateScheduleBody,
  type Schedule,
  type SchedulePreview,
  type ScheduleRun,
} from '@bank/shared';
import { admin, bankSettings, checking, northChecking, teller } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { fieldError } from '../../test/helpers';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { bankToday, nextWeekday } from '../../lib/bank-time';
import { prefillState } from '../../lib/schedule-prefill';

const ZONE = 'America/New_York';

const weekly: Schedule = {
  scheduleId: 7,
  bankId: 1,
  name: 'Class job pay',
  kind: 'deposit',
  amount: 5,
  amountFrom: 'fixed',
  memo: null,
  every: 'week',
  startDate: '2026-11-27',
  target: { branchId: 1 },
  accountType: 'CHECKING',
  shortfall: 'skip',
  active: true,
  // 06:00 in New York (EST) is 11:00 UTC.
  nextRun: '2026-12-04T11:00:00.000Z',
  lastRun: null,
  pausedReason: null,
  stoppedAt: null,
  createdBy: 'admin',
  createdAt: '2026-11-20T10:00:00.000Z',
};

const rent: Schedule = {
  ...weekly,
  scheduleId: 8,
  name: 'Desk rent',
  kind: 'withdrawal',
  amount: 3,
  every: 'month',
  startDate: '2026-01-31',
  target: { accountIds: [checking.accountId, northChecking.accountId] },
  active: false,
  nextRun: null,
  pausedReason: null,
};

const run: ScheduleRun = {
  runAt: '2026-12-01T15:30:00.000Z',
  extra: true,
  batchId: '6f1c2a4e-0000-4000-8000-000000000001',
  batchIds: ['6f1c2a4e-0000-4000-8000-000000000001'],
  count: 1,
  total: 5,
  leftOut: [
    { accountId: northChecking.accountId, username: 'nora', name: 'Nora North', reason: 'Not enough money.' },
  ],
  leftOutCount: 1,
  cut: [{ accountId: checking.accountId, username: 'student', name: 'Sam Student', asked: 5, paid: 2 }],
  cutCount: 1,
  problem: null,
  ranBy: 'admin',
};

const preview: SchedulePreview = {
  ok: false,
  count: 1,
  total: 5,
  runAt: '2026-12-04T11:00:00.000Z',
  items: [
    {
      accountId: checking.accountId,
      username: 'student',
      name: 'Sam Student',
      accountType: 'CHECKING',
      balance: 500,
      newBalance: 505,
      error: null,
      reason: null,
    },
    {
      accountId: '',
      username: 'nora',
      name: 'Nora North',
      accountType: null,
      balance: null,
      newBalance: null,
      error: schoolYearText.leftOutNoAccount('CHECKING'),
      reason: 'NOT_FOUND',
    },
  ],
};

let schedules: Schedule[];
let sent: { method: string; url: string; body: unknown; key: string | null }[];

beforeEach(() => {
  schedules = [weekly, rent];
  sent = [];
  const record = async (request: Request) => {
    const body =
      request.method === 'GET' || request.method === 'DELETE' ? null : await request.json().catch(() => null);
    sent.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body,
      key: request.headers.get('Idempotency-Key'),
    });
    return body;
  };
  server.use(
    http.get('*/api/user/bank/:bankId', () => HttpResponse.json({ ...bankSettings, timeZone: ZONE })),
    http.get('*/api/teller/schedules/:bankId', () => HttpResponse.json(schedules)),
    http.get('*/api/teller/schedules/:scheduleId/runs', () => HttpResponse.json([run])),
    http.post('*/api/teller/schedules/preview', async ({ request }) => {
      await record(request);
      return HttpResponse.json(preview);
    }),
    http.post('*/api/teller/schedules', async ({ request }) => {
      const body = (await record(request)) as CreateScheduleBody;
      const created = { ...weekly, scheduleId: 9, name: body.name };
      schedules = [...schedules, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/teller/schedules/:scheduleId', async ({ request }) => {
      const body = (await record(request)) as { active?: boolean; name?: string };
      const id = Number(new URL(request.url).pathname.split('/').pop());
      schedules = schedules.map((s) => (s.scheduleId === id ? { ...s, ...body } : s));
      return HttpResponse.json(schedules.find((s) => s.scheduleId === id));
    }),
    http.delete('*/api/teller/schedules/:scheduleId', async ({ request }) => {
      await record(request);
      schedules = schedules.filter((s) => !request.url.endsWith(`/${s.scheduleId}`));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/teller/schedules/:scheduleId/runNow', async ({ request }) => {
      await record(request);
      return HttpResponse.json(run, { status: 201 });
    }),
  );
});

const lines = () =>
  screen.getAllByTestId('schedule').map((card) => within(card).getByRole('heading').textContent);

describe('Schedules', () => {
  it('shows each schedule as one line a teacher reads at a glance, in the bank’s time zone', async () => {
    renderApp('/1/schedules', admin);
    await screen.findAllByTestId('schedule');
    expect(lines()).toEqual([
      'Class job pay · $5.00 to every Student of Main Campus · every Friday 6:00 · next Fri 12/04',
      'Desk rent · $3.00 from 2 accounts · every month on the 31st 6:00 · paused',
    ]);
    expect(screen.getByText(t.schedulesSubtitle(ZONE))).toBeInTheDocument();
  });

  it('says plainly why a schedule stopped on its own, since when, and resumes it from there', async () => {
    const why = schoolYearText.runFailed;
    schedules = [
      { ...weekly, active: false, nextRun: null, pausedReason: why, stoppedAt: '2026-12-04T11:01:00.000Z' },
    ];
    const { user } = renderApp('/1/schedules', admin);
    const note = await screen.findByTestId('schedule-stopped');
    expect(within(note).getByText(t.stoppedBecause(why))).toBeInTheDocument();
    expect(within(note).getByText(t.stoppedSince('Fri 12/04 6:01'))).toBeInTheDocument();
    expect(lines()[0]).toMatch(/ · stopped$/);
    // One Resume, beside the reason.
    const resume = screen.getAllByRole('button', { name: t.actionsFor(t.resume, 'Class job pay') });
    expect(resume).toHaveLength(1);
    expect(note).toContainElement(resume[0]!);
    await user.click(resume[0]!);
    expect(await screen.findByText(t.scheduleResumed('Class job pay'))).toBeInTheDocument();
    expect(sent.map((s) => [s.url, s.body])).toEqual([['/api/teller/schedules/7', { active: true }]]);
  });

  it('shows a run of a big branch as one run: its count, how many it does not list, a reversal per payday', async () => {
    const big: ScheduleRun = {
      ...run,
      extra: false,
      batchId: 'a',
      batchIds: ['a', 'b'],
      count: 1002,
      total: 5010,
      leftOutCount: 1003,
      cutCount: 1,
    };
    server.use(http.get('*/api/teller/schedules/:scheduleId/runs', () => HttpResponse.json([big])));
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.actionsFor(t.history, 'Class job pay') }));
    const history = await screen.findByTestId('run-history');
    expect(within(history).getAllByText(t.payCount(1002, '$5,010.00'), { exact: false })).not.toHaveLength(0);
    expect(within(history).getByText(t.andMore(1002))).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: /part 1 of 2$/ })).toHaveTextContent(
      t.reversePart(1, 2),
    );
    expect(within(history).getByRole('button', { name: /part 2 of 2$/ })).toHaveTextContent(
      t.reversePart(2, 2),
    );
  });

  it('refuses an incomplete form before asking the server', async () => {
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.newSchedule }));
    await user.click(screen.getByRole('button', { name: t.previewButton }));
    expect(fieldError(new RegExp(`^${t.nameLabel}`))).toBe(schoolYearText.scheduleNameRequired);
    expect(fieldError(new RegExp(`^${t.amountLabel}`))).toBe(schoolYearText.scheduleAmountInvalid);
    expect(fieldError(/^Branch/)).toBe(messages.branchRequired);
    expect(sent).toEqual([]);
  });

  it('previews the next run with the form’s terms, and saves only what was previewed', async () => {
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.newSchedule }));
    expect(screen.getByRole('heading', { name: t.createTitle })).toBeInTheDocument();
    await user.type(screen.getByLabelText(new RegExp(`^${t.nameLabel}`)), 'Class job pay');
    await user.type(screen.getByLabelText(new RegExp(`^${t.amountLabel}`)), '5');
    await user.selectOptions(screen.getByLabelText(/^Branch/), 'Main Campus');
    await user.selectOptions(screen.getByLabelText(t.dayLabel), 'Friday');
    expect(screen.queryByRole('button', { name: t.createButton })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.previewButton }));

    const block = await screen.findByTestId('schedule-preview');
    expect(within(block).getByText(t.previewRunAt('Fri 12/04 6:00'))).toBeInTheDocument();
    expect(within(block).getByText(t.payCount(1, '$5.00'))).toBeInTheDocument();
    expect(within(block).getByText(t.leftOutCount(1))).toBeInTheDocument();
    expect(within(block).getByText(schoolYearText.leftOutNoAccount('CHECKING'))).toBeInTheDocument();
    const firstFriday = nextWeekday(bankToday(ZONE), 5);
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/teller/schedules/preview',
        key: null,
        body: {
          name: 'Class job pay',
          kind: 'deposit',
          amount: 5,
          memo: null,
          every: 'week',
          startDate: firstFriday,
          target: { branchId: 1 },
          accountType: 'CHECKING',
          shortfall: 'skip',
        },
      },
    ]);

    // A change after the preview asks for a new one before anything is saved.
    await user.type(screen.getByLabelText(new RegExp(`^${t.amountLabel}`)), '0');
    expect(screen.getByText(t.previewAgain)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.createButton })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.previewButton }));
    await user.click(await screen.findByRole('button', { name: t.createButton }));

    expect(await screen.findByText(t.scheduleCreated('Class job pay'))).toBeInTheDocument();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/teller/schedules/preview',
      'POST /api/teller/schedules/preview',
      'POST /api/teller/schedules',
    ]);
    expect(sent[2]!.body).toMatchObject({ amount: 50, startDate: firstFriday });
    expect(screen.queryByRole('heading', { name: t.createTitle })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('schedule')).toHaveLength(3));
  });

  it('explains the shortfall rule for a bill in plain words and sends the one chosen', async () => {
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.newSchedule }));
    expect(screen.queryByText(t.shortfallLabel)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: new RegExp(t.kindWithdrawal) }));
    expect(screen.getByText(t.shortfallSkipDescription)).toBeInTheDocument();
    expect(screen.getByText(t.shortfallPartialDescription)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: new RegExp(t.shortfallPartial) }));
    await user.type(screen.getByLabelText(new RegExp(`^${t.nameLabel}`)), 'Desk rent');
    await user.type(screen.getByLabelText(new RegExp(`^${t.amountLabel}`)), '3');
    await user.selectOptions(screen.getByLabelText(t.everyLabel), t.everyMonth);
    await user.selectOptions(screen.getByLabelText(/^Branch/), 'North Campus');
    await user.click(screen.getByRole('button', { name: t.previewButton }));
    await screen.findByTestId('schedule-preview');
    expect(sent[0]!.body).toMatchObject({
      kind: 'withdrawal',
      every: 'month',
      shortfall: 'partial',
      target: { branchId: 2 },
    });
  });

  it("pays each student their jobs' wages instead of one amount: no amount asked, none sent (issue 34)", async () => {
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.newSchedule }));
    await user.type(screen.getByLabelText(new RegExp(`^${t.nameLabel}`)), 'Pay jobs');
    await user.click(screen.getByRole('switch', { name: new RegExp(economyScreens.payWagesLabel) }));
    expect(screen.queryByLabelText(new RegExp(`^${t.amountLabel}`))).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Branch/), 'Main Campus');
    await user.click(screen.getByRole('button', { name: t.previewButton }));
    await screen.findByTestId('schedule-preview');
    expect(sent[0]!.body).toMatchObject({ name: 'Pay jobs', kind: 'deposit', amountFrom: 'wage' });
    expect(sent[0]!.body).not.toHaveProperty('amount');
    // A bill never pays wages: the choice is not offered for one.
    await user.click(screen.getByRole('radio', { name: new RegExp(t.kindWithdrawal) }));
    expect(
      screen.queryByRole('switch', { name: new RegExp(economyScreens.payWagesLabel) }),
    ).not.toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${t.amountLabel}`))).toBeInTheDocument();
  });

  it('edits a schedule that pays wages with the wage choice on, and sends it back as wages', async () => {
    schedules = [{ ...weekly, amount: null, amountFrom: 'wage' }];
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.actionsFor(t.edit, 'Class job pay') }));
    expect(screen.getByRole('switch', { name: new RegExp(economyScreens.payWagesLabel) })).toBeChecked();
    expect(screen.queryByLabelText(new RegExp(`^${t.amountLabel}`))).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.previewButton }));
    await user.click(await screen.findByRole('button', { name: t.saveButton }));
    await screen.findByText(t.scheduleSaved('Class job pay'));
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.body).toMatchObject({ amountFrom: 'wage' });
    expect(put.body).not.toHaveProperty('amount');
  });

  it('edits a schedule, keeping its kind, with a preview first', async () => {
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.actionsFor(t.edit, 'Class job pay') }));
    expect(screen.getByRole('heading', { name: t.editTitle('Class job pay') })).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${t.nameLabel}`))).toHaveValue('Class job pay');
    expect(screen.getByRole('radio', { name: new RegExp(t.kindDeposit) })).toBeDisabled();
    const name = screen.getByLabelText(new RegExp(`^${t.nameLabel}`));
    await user.clear(name);
    await user.type(name, 'Job pay');
    await user.click(screen.getByRole('button', { name: t.previewButton }));
    await user.click(await screen.findByRole('button', { name: t.saveButton }));
    expect(await screen.findByText(t.scheduleSaved('Job pay'))).toBeInTheDocument();
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.url).toBe('/api/teller/schedules/7');
    // The start date already past is sent back unchanged (the server checks only a changed one).
    expect(put.body).toEqual({
      name: 'Job pay',
      amount: 5,
      amountFrom: 'fixed',
      memo: null,
      every: 'week',
      startDate: '2026-11-27',
      target: { branchId: 1 },
      accountType: 'CHECKING',
      shortfall: 'skip',
    });
  });

  it('pauses and resumes', async () => {
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.actionsFor(t.pause, 'Class job pay') }));
    expect(await screen.findByText(t.schedulePaused('Class job pay'))).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: t.actionsFor(t.resume, 'Desk rent') }));
    expect(await screen.findByText(t.scheduleResumed('Desk rent'))).toBeInTheDocument();
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      ['/api/teller/schedules/7', { active: false }],
      ['/api/teller/schedules/8', { active: true }],
    ]);
  });

  it('runs now after a confirmation, once per key, and shows who was left out or cut and why', async () => {
    const answer = gate();
    server.use(
      http.post('*/api/teller/schedules/:scheduleId/runNow', async ({ request }) => {
        sent.push({
          method: 'POST',
          url: new URL(request.url).pathname,
          body: null,
          key: request.headers.get('Idempotency-Key'),
        });
        await answer.wait();
        return HttpResponse.json(run, { status: 201 });
      }),
    );
    const { user } = renderApp('/1/schedules', admin);
    await user.click(await screen.findByRole('button', { name: t.actionsFor(t.runNow, 'Class job pay') }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(within(dialog).getByText(t.confirmRunNow('Class job pay'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t.runNow }));
    expect(
      await screen.findByRole('button', { name: t.actionsFor(t.runNow, 'Class job pay') }),
    ).toBeDisabled();
    answer.open();
    expect(await screen.findByText(t.ranNow('Class job pay'))).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const history = await screen.findByTestId('run-history');
    expect(within(history).getByText('Nora North (**0003): Not enough money.')).toBeInTheDocument();
    expect(within(history).getByText(t.cutLine('Sam Student', '$2.00', '$5.00'))).toBeInTheDocument();
    expect(within(history).getByText(t.ranBy('admin'))).toBeInTheDocument();
  });

  it('deletes after a confirmation whose safe choice has the focus', async () => {
    const { user } = renderApp('/1/schedules', admin);
    await user.click(
      await screen.findByRole('button', { name: t.actionsFor(t.deleteSchedule, 'Desk rent') }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Go Back' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: t.deleteSchedule }));
    expect(await screen.findByText(t.scheduleDeleted('Desk rent'))).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/teller/schedules/8', body: null, key: null }]);
    await waitFor(() => expect(screen.getAllByTestId('schedule')).toHaveLength(1));
  });

  it('lets a teller change only the kinds the bank allows', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, timeZone: ZONE, tellerWithdrawalPermission: false }),
      ),
    );
    const { user } = renderApp('/1/schedules', teller);
    await screen.findAllByTestId('schedule');
    expect(screen.getByRole('button', { name: t.actionsFor(t.edit, 'Class job pay') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.actionsFor(t.edit, 'Desk rent') })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.newSchedule }));
    expect(screen.queryByRole('radio', { name: new RegExp(t.kindWithdrawal) })).not.toBeInTheDocument();
  });

  it('opens the form filled in from a payday’s "Repeat this every week"', async () => {
    const prefill = {
      name: 'Class job: librarian',
      kind: 'deposit' as const,
      amount: 5,
      memo: 'Class job: librarian',
      accountIds: [checking.accountId],
    };
    const { user } = renderApp({ pathname: '/1/schedules', state: prefillState(prefill) }, admin);
    expect(await screen.findByRole('heading', { name: t.createTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${t.nameLabel}`))).toHaveValue('Class job: librarian');
    expect(screen.getByLabelText(new RegExp(`^${t.amountLabel}`))).toHaveValue('5.00');
    expect(screen.getByLabelText(new RegExp(`^${classroomText.memoLabel}`))).toHaveValue(
      'Class job: librarian',
    );
    expect(screen.getByRole('radio', { name: new RegExp(t.whoAccounts) })).toBeChecked();
    await user.click(screen.getByRole('button', { name: t.previewButton }));
    await screen.findByTestId('schedule-preview');
    expect(sent[0]!.body).toMatchObject({
      every: 'week',
      target: { accountIds: [checking.accountId] },
    });
  });
});
