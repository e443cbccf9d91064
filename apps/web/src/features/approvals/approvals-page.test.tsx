import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadingMessages, participationScreenText as m, type StaffRequest } from '@bank/shared';
import { admin, bankSettings, teller } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

function waitingRequest(requestId: number, overrides: Partial<StaffRequest> = {}): StaffRequest {
  return {
    requestId,
    bankId: 1,
    kind: 'deposit',
    accountId: `100000000${requestId}`,
    accountType: 'CHECKING',
    student: 'maya',
    studentName: 'Maya Chen',
    amount: 10 * requestId,
    memo: `Job ${requestId}`,
    requestedBy: 'student',
    requestedByName: 'Sam Student',
    status: 'waiting',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    transactionId: null,
    createdAt: `2026-03-0${requestId}T15:30:00.000Z`,
    expiresAt: `2026-03-1${requestId}T15:30:00.000Z`,
    canPay: true,
    balance: 50,
    available: 50,
    ...overrides,
  };
}

let waiting: StaffRequest[];
let approved: number[];

beforeEach(() => {
  waiting = [
    waitingRequest(1),
    waitingRequest(2, { kind: 'withdrawal', studentName: 'Nora North', memo: 'Library fine' }),
    waitingRequest(3),
  ];
  approved = [];
  server.use(
    http.get('*/api/teller/requests/:bankId', ({ request }) => {
      expect(new URL(request.url).searchParams.get('status')).toBe('waiting');
      return HttpResponse.json(waiting);
    }),
    http.post('*/api/teller/requests/:requestId/approve', ({ params }) => {
      const id = Number(params.requestId);
      const found = waiting.find((r) => r.requestId === id)!;
      if (id === 2)
        return HttpResponse.json({ error: 'CONFLICT', message: 'Insufficient funds' }, { status: 409 });
      approved.push(id);
      waiting = waiting.filter((r) => r.requestId !== id);
      return HttpResponse.json({ ...found, status: 'approved', decidedBy: 'admin', transactionId: 90 + id });
    }),
  );
});

const rows = () => screen.getAllByTestId('approval-row');
const MAYA_1 = "Deposit of $10.00 to Maya Chen's CHECKING **0001";
const NORA_2 = "Withdrawal of $20.00 from Nora North's CHECKING **0002";

describe('Approvals', () => {
  it("shows each account's balance, and what is available beside it while something is held", async () => {
    waiting = [waitingRequest(4, { kind: 'withdrawal', balance: 20, available: 12 }), waitingRequest(5)];
    renderApp('/1/approvals', admin);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByTestId('request-balance').map((b) => b.textContent)).toEqual([
      'Balance $20.00 (available $12.00)',
      'Balance $50.00',
    ]);
  });

  it('lists who asked, for whom, what, why and when, oldest first; one Approve moves it', async () => {
    const { user } = renderApp('/1/approvals', admin);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const first = within(rows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first.slice(1, 6)).toEqual([
      expect.stringMatching(/^03\/01\/2026 \d{1,2}:30 [AP]M$/),
      'Sam Student',
      'Maya ChenCHECKING **0001Balance $50.00',
      'Deposit $10.00',
      'Job 1',
    ]);
    expect(rows().map((r) => within(r).getAllByRole('cell')[5]!.textContent)).toEqual([
      'Job 1',
      'Library fine',
      'Job 3',
    ]);
    await user.click(screen.getByRole('button', { name: m.approveNamed('Sam Student', MAYA_1) }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(m.approved(1));
    expect(status).toHaveTextContent(MAYA_1);
    expect(approved).toEqual([1]);
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('approves several at once behind Confirm Action, and says which could not be', async () => {
    const held = gate();
    server.use(
      http.post('*/api/teller/requests/1/approve', async () => {
        await held.wait();
        return undefined;
      }),
    );
    const { user } = renderApp('/1/approvals', admin);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('button', { name: m.approveSelected(0) })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: m.selectAll }));
    expect(screen.getByRole('checkbox', { name: m.selectRequest('Sam Student', NORA_2) })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: m.selectRequest('Sam Student', NORA_2) }));
    expect(screen.getByRole('checkbox', { name: m.selectAll })).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: m.selectRequest('Sam Student', NORA_2) }));
    await user.click(screen.getByRole('button', { name: m.approveSelected(3) }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent(m.approveSelectedConfirm(3, '$60.00'));
    await user.click(within(dialog).getByRole('button', { name: m.approve }));
    expect(await screen.findByRole('button', { name: m.approving })).toBeDisabled();
    held.open();
    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent(m.approved(2));
    const failure = screen.getByRole('alert');
    expect(failure).toHaveTextContent(m.approveFailed(1));
    expect(failure).toHaveTextContent(`${NORA_2}: Insufficient funds`);
    // In the order listed, oldest first; the refused one still waits.
    expect(approved).toEqual([1, 3]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('checkbox', { name: m.selectAll })).not.toBeChecked();
  });

  it('rejects with a reason given in a dialog', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/teller/requests/:requestId/reject', async ({ request, params }) => {
        bodies.push({ id: params.requestId, body: await request.json() });
        const found = waiting.find((r) => r.requestId === Number(params.requestId))!;
        waiting = waiting.filter((r) => r !== found);
        return HttpResponse.json({ ...found, status: 'rejected', reason: 'Not this week' });
      }),
    );
    const { user } = renderApp('/1/approvals', admin);
    await user.click(await screen.findByRole('button', { name: m.rejectNamed('Sam Student', NORA_2) }));
    const dialog = await screen.findByRole('dialog', { name: m.rejectTitle });
    expect(dialog).toHaveTextContent(`Sam Student: ${NORA_2}`);
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(`^${m.reasonLabel}`) });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: m.reject }));
    expect(await within(dialog).findByText(m.requestReasonRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(reason, 'Not this week');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(m.rejected);
    expect(bodies).toEqual([{ id: '2', body: { reason: 'Not this week' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('tells a teller without the permission why a request is not theirs to decide', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, tellerWithdrawalPermission: false }),
      ),
    );
    renderApp('/1/approvals', teller);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const nora = rows()[1]!;
    expect(nora).toHaveTextContent(m.tellerMayNot('withdrawal'));
    expect(within(nora).queryByRole('button', { name: m.approve })).not.toBeInTheDocument();
    expect(within(nora).getByRole('checkbox')).toBeDisabled();
    expect(
      within(rows()[0]!).getByRole('button', { name: m.approveNamed('Sam Student', MAYA_1) }),
    ).toBeEnabled();
  });

  it('says which withdrawal the account cannot pay now: it may be rejected, not approved', async () => {
    waiting = [
      waitingRequest(1),
      waitingRequest(2, { kind: 'withdrawal', studentName: 'Nora North', canPay: false }),
    ];
    const { user } = renderApp('/1/approvals', admin);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const nora = rows()[1]!;
    expect(nora).toHaveTextContent(m.cannotPayNow);
    expect(within(nora).queryByRole('button', { name: m.approve })).not.toBeInTheDocument();
    expect(within(nora).getByRole('checkbox')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: m.selectAll }));
    expect(screen.getByRole('button', { name: m.approveSelected(1) })).toBeEnabled();
    expect(within(nora).getByRole('button', { name: m.rejectNamed('Sam Student', NORA_2) })).toBeEnabled();
  });

  it('reads a long queue a page at a time, and counts every waiting request', async () => {
    server.use(
      http.get('*/api/teller/requests/:bankId', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const page = cursor === 'w2' ? waiting.slice(2) : waiting.slice(0, 2);
        const headers: Record<string, string> = { 'X-Total-Count': '3' };
        if (!cursor) headers['X-Next-Cursor'] = 'w2';
        return HttpResponse.json(page, { headers });
      }),
    );
    const { user } = renderApp('/1/approvals', admin);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const nav = await screen.findByRole('navigation', { name: 'Side navigation' });
    expect(
      within(nav).getByRole('link', { name: `${m.approvalsTitle} (${m.waitingCount(3)})` }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: loadingMessages.loadMore }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: loadingMessages.loadMore })).not.toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    waiting = [];
    renderApp('/1/approvals', teller);
    expect(await screen.findByTestId('nothing-waiting')).toHaveTextContent(m.nothingWaiting);
    expect(screen.queryByRole('checkbox', { name: m.selectAll })).not.toBeInTheDocument();
  });

  it('counts the waiting requests in the menu and on the home tile, and opens the screen from there', async () => {
    const { user, router } = renderApp('/home', teller);
    const nav = await screen.findByRole('navigation', { name: 'Side navigation' });
    const link = await within(nav).findByRole('link', { name: `${m.approvalsTitle} (${m.waitingCount(3)})` });
    const tile = screen
      .getAllByTestId('action-tile')
      .find((t) => t.textContent?.startsWith(m.approvalsTitle));
    expect(tile).toHaveTextContent(m.waitingCount(3));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/approvals'));
    await user.click(await screen.findByRole('button', { name: m.approveNamed('Sam Student', MAYA_1) }));
    await waitFor(() =>
      expect(
        within(nav).getByRole('link', { name: `${m.approvalsTitle} (${m.waitingCount(2)})` }),
      ).toBeInTheDocument(),
    );
  });
});
