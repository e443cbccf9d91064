import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  classroomText,
  messages,
  participationScreenText as m,
  type BankerRequest,
  type Classmate,
  type CreateRequestBody,
  type RequestPreview,
  type User,
} from '@bank/shared';
import { student } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { fieldError, pickOption, tableRows } from '../../test/helpers';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/** The field's label (with its asterisk). */
const CLASSMATE = new RegExp(`^${m.classmateLabel}`);
const banker: User = { ...student, banker: true };
const maya: Classmate = {
  username: 'maya',
  name: 'Maya Chen',
  displayName: null,
  accounts: [{ accountId: '1000000009', accountType: 'CHECKING' }],
};
const jordan: Classmate = {
  username: 'jordan',
  name: 'Jordan Lee',
  displayName: 'Jo',
  accounts: [
    { accountId: '1000000011', accountType: 'CHECKING' },
    { accountId: '1000000012', accountType: 'SAVINGS' },
  ],
};

function requestOf(body: CreateRequestBody, overrides: Partial<BankerRequest> = {}): BankerRequest {
  return {
    requestId: 7,
    bankId: 1,
    kind: body.kind,
    accountId: body.accountId,
    accountType: 'CHECKING',
    student: 'maya',
    studentName: 'Maya Chen',
    amount: body.amount,
    memo: body.memo ?? null,
    requestedBy: 'student',
    requestedByName: 'Sam Student',
    status: 'waiting',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    transactionId: null,
    createdAt: '2026-03-02T10:05:00.000Z',
    expiresAt: '2026-03-09T10:05:00.000Z',
    ...overrides,
  };
}

let searches: string[];
let mine: BankerRequest[];
let preview: Partial<RequestPreview>;

beforeEach(() => {
  searches = [];
  mine = [];
  preview = {};
  server.use(
    http.get('*/api/user/users/student', () => HttpResponse.json(banker)),
    http.get('*/api/user/classmates/:username', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      searches.push(q);
      return HttpResponse.json([jordan, maya].filter((c) => c.name.toLowerCase().includes(q)));
    }),
    http.get('*/api/user/requests/:username', () => HttpResponse.json(mine)),
    http.post('*/api/user/requests/preview', async ({ request }) => {
      const body = (await request.json()) as CreateRequestBody;
      const owner = body.accountId.startsWith('100000001') ? jordan : maya;
      return HttpResponse.json({
        username: owner.username,
        name: owner.name,
        goesAtOnce: false,
        ...preview,
      } satisfies RequestPreview);
    }),
  );
});

async function openPage(user: User = banker) {
  const view = renderApp('/1/class-bank', user);
  await screen.findByRole('heading', { level: 1, name: m.classBankTitle });
  return view;
}

describe('Bank for my class', () => {
  it('finds a classmate by name on the server and reviews what the request would do', async () => {
    const { user } = await openPage();
    expect(await screen.findByText(m.noRequestsYet)).toBeInTheDocument();
    const picker = screen.getByLabelText(CLASSMATE, { selector: 'input' });
    await user.click(picker);
    await user.type(picker, 'may');
    // The server searches what was typed (name, display name or User Id): the list is its answer.
    await waitFor(() => expect(searches).toContain('may'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Maya Chen']),
    );
    await user.click(screen.getByRole('option', { name: 'Maya Chen' }));
    // Maya's one account is chosen for the banker.
    expect(screen.getByRole('radio', { name: 'CHECKING **0009' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '12');
    await user.type(screen.getByRole('textbox', { name: classroomText.memoLabel }), 'Class job');
    await user.click(screen.getByRole('button', { name: m.review }));
    expect(await screen.findByRole('heading', { name: m.checkHeading })).toHaveFocus();
    expect(tableRows('request-summary')).toEqual([
      [m.classmateLabel, 'Maya Chen'],
      [m.accountLabel, 'CHECKING **0009'],
      [m.whatColumn, 'Deposit'],
      ['Amount', '$12.00'],
      [m.memoColumn, 'Class job'],
      [m.whatHappensLabel, m.waitsForTeacher],
    ]);
  });

  it('sends once with an Idempotency-Key; then waiting, in the list with Cancel', async () => {
    const held = gate();
    const sent: { body: CreateRequestBody; key: string | null }[] = [];
    server.use(
      http.post('*/api/user/requests', async ({ request }) => {
        const body = (await request.json()) as CreateRequestBody;
        sent.push({ body, key: request.headers.get('Idempotency-Key') });
        await held.wait();
        mine = [requestOf(body)];
        return HttpResponse.json(mine[0], { status: 201 });
      }),
    );
    const { user } = await openPage();
    await pickOption(user, CLASSMATE, 'maya', 'Maya Chen');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '12');
    await user.click(screen.getByRole('button', { name: m.review }));
    await user.click(await screen.findByRole('button', { name: m.send }));
    expect(await screen.findByRole('button', { name: m.sending })).toBeDisabled();
    held.open();
    expect(await screen.findByRole('status')).toHaveTextContent(m.sentWaiting);
    expect(screen.getByRole('button', { name: m.askAnother })).toHaveFocus();
    expect(sent).toEqual([
      {
        body: { kind: 'deposit', accountId: '1000000009', amount: 12, memo: null },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    const row = await screen.findByTestId('my-request');
    expect(row).toHaveTextContent('Maya Chen, CHECKING **0009');
    expect(within(row).getByTestId('request-status')).toHaveTextContent('Waiting');
    expect(within(row).getByRole('button', { name: /^Cancel: Deposit of \$12\.00/ })).toBeInTheDocument();
  });

  it('says at once when the bank approves it, and offers another', async () => {
    preview = { goesAtOnce: true };
    server.use(
      http.post('*/api/user/requests', async ({ request }) => {
        const body = (await request.json()) as CreateRequestBody;
        return HttpResponse.json(requestOf(body, { status: 'approved', transactionId: 40 }), { status: 201 });
      }),
    );
    const { user } = await openPage();
    await pickOption(user, CLASSMATE, 'jo', 'Jordan Lee (Jo)');
    // Two accounts: the banker chooses.
    expect(screen.getByRole('radio', { name: 'CHECKING **0011' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: m.review }));
    expect(fieldError(CLASSMATE)).toBe('');
    expect(await screen.findByText(m.chooseAccount)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'SAVINGS **0012' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '2');
    await user.click(screen.getByRole('button', { name: m.review }));
    expect(tableRows('request-summary')).toContainEqual([m.accountLabel, 'SAVINGS **0012']);
    expect(await screen.findByText(m.approvedAtOnce)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.send }));
    expect(await screen.findByRole('status')).toHaveTextContent(m.sentApproved);
    await user.click(screen.getByRole('button', { name: m.askAnother }));
    expect(screen.getByLabelText(CLASSMATE, { selector: 'input' })).toHaveValue('');
  });

  it('checks the form before asking the server', async () => {
    let previews = 0;
    server.use(http.post('*/api/user/requests/preview', () => void (previews += 1)));
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: m.review }));
    expect(fieldError(CLASSMATE)).toBe(m.chooseClassmate);
    expect(fieldError(/Amount/)).toBe(messages.amountInvalid);
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '-3');
    await user.click(screen.getByRole('button', { name: m.review }));
    expect(fieldError(/Amount/)).toBe(messages.amountInvalid);
    expect(previews).toBe(0);
  });

  it('never says whether the account can pay a withdrawal, and never shows a balance', async () => {
    preview = { goesAtOnce: true };
    const { user } = await openPage();
    await pickOption(user, CLASSMATE, 'maya', 'Maya Chen');
    await user.click(screen.getByRole('radio', { name: m.kindWithdrawal }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '50');
    await user.click(screen.getByRole('button', { name: m.review }));
    expect(await screen.findByRole('heading', { name: m.checkHeading })).toHaveFocus();
    // Within the limit a withdrawal goes at once only when the account can pay: the screen says so,
    // without knowing which it will be.
    expect(tableRows('request-summary')).toEqual([
      [m.classmateLabel, 'Maya Chen'],
      [m.accountLabel, 'CHECKING **0009'],
      [m.whatColumn, 'Withdrawal'],
      ['Amount', '$50.00'],
      [m.whatHappensLabel, m.withdrawalAtOnceIfCovered],
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.send })).toBeEnabled();
    // The only money on the screen (beside the banker's own accounts in the menu) is the amount asked for.
    expect(screen.getByRole('main').textContent?.match(/\$\d[\d,]*\.\d\d/g)).toEqual(['$50.00']);
    await user.click(screen.getByRole('button', { name: m.back }));
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('50');
  });

  it("shows the server's refusal of the review", async () => {
    server.use(
      http.post('*/api/user/requests/preview', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: m.requestAccountNotFound }, { status: 404 }),
      ),
    );
    const { user } = await openPage();
    await pickOption(user, CLASSMATE, 'maya', 'Maya Chen');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '5');
    await user.click(screen.getByRole('button', { name: m.review }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.previewFailed);
    expect(alert).toHaveTextContent(m.requestAccountNotFound);
  });

  it('lists what became of each request and takes back a waiting one', async () => {
    const body = { kind: 'withdrawal', accountId: '1000000009', amount: 4, memo: 'Late fine' } as const;
    mine = [
      requestOf(body, { requestId: 3 }),
      requestOf(body, { requestId: 2, status: 'rejected', reason: 'Not today', decidedBy: 'teller' }),
      requestOf(body, { requestId: 1, status: 'approved', kind: 'deposit' }),
    ];
    const cancelled: string[] = [];
    server.use(
      http.post('*/api/user/requests/:requestId/cancel', ({ params }) => {
        cancelled.push(String(params.requestId));
        mine = [{ ...mine[0]!, status: 'cancelled' }, ...mine.slice(1)];
        return HttpResponse.json(mine[0]);
      }),
    );
    const { user } = await openPage();
    await waitFor(() => expect(screen.getAllByTestId('request-status')).toHaveLength(3));
    expect(screen.getAllByTestId('request-status').map((s) => s.textContent)).toEqual([
      m.statusNames.waiting,
      m.rejectedBecause('Not today'),
      m.approvedByBank,
    ]);
    expect(screen.getAllByRole('button', { name: /^Cancel:/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /^Cancel: Withdrawal of \$4\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: m.cancelConfirmButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(m.requestCancelled);
    expect(cancelled).toEqual(['3']);
    await waitFor(() =>
      expect(screen.getAllByTestId('request-status')[0]).toHaveTextContent(m.statusNames.cancelled!),
    );
    expect(screen.queryAllByRole('button', { name: /^Cancel:/ })).toHaveLength(0);
  });

  it('Cancel on a request a teacher decided meanwhile says what happened, and the row shows it', async () => {
    const body = { kind: 'withdrawal', accountId: '1000000009', amount: 4, memo: 'Late fine' } as const;
    mine = [requestOf(body, { requestId: 3 })];
    const decided = { status: 'approved', decidedBy: 'teller', reason: null } as const;
    server.use(
      http.post('*/api/user/requests/:requestId/cancel', () => {
        mine = [{ ...mine[0]!, ...decided }];
        const message = m.requestAlreadyDecided(decided);
        return HttpResponse.json({ error: 'CONFLICT', message }, { status: 409 });
      }),
    );
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: /^Cancel: Withdrawal of \$4\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: m.cancelConfirmButton }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.cancelFailed);
    expect(alert).toHaveTextContent(m.requestAlreadyDecided(decided));
    await waitFor(() =>
      expect(screen.getByTestId('request-status')).toHaveTextContent(m.approvedBy('teller')),
    );
    expect(screen.queryAllByRole('button', { name: /^Cancel:/ })).toHaveLength(0);
  });

  it('tells a Student who is not a banker who can make them one', async () => {
    server.use(http.get('*/api/user/users/student', () => HttpResponse.json(student)));
    await openPage(student);
    expect(screen.getByText(m.notABanker)).toBeInTheDocument();
    expect(screen.queryByLabelText(CLASSMATE)).not.toBeInTheDocument();
  });
});
