import { useState } from 'react';
import { mayMoveMoney, participationScreenText as m, type StaffRequest, type User } from '@bank/shared';
import type { Status } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useWaitingRequests } from '../../lib/participation-queries';
import { useBankSettings } from '../../lib/queries';
import { describeRequest } from '../../lib/requests';
import { useApproveRequests, useRejectRequest, type ApprovalOutcome } from './api';

/** What a round of approvals did: how many went through, and why any did not. */
function outcomeStatuses({ approved, failed }: ApprovalOutcome): Status[] {
  const statuses: Status[] = [];
  if (approved.length > 0) {
    const detail = approved.length === 1 ? describeRequest(approved[0]!) : undefined;
    statuses.push({ kind: 'success', title: m.approved(approved.length), detail });
  }
  if (failed.length > 0) {
    const detail = failed.map((f) => `${describeRequest(f.request)}: ${errorMessage(f.error)}`).join(' ');
    statuses.push({ kind: 'failure', title: m.approveFailed(failed.length), detail });
  }
  return statuses;
}

/** The ticked requests; only those still waiting count. */
function useSelection(list: StaffRequest[]) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const selected = list.filter((r) => picked.has(r.requestId));
  const set = (requests: StaffRequest[], on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      for (const r of requests) {
        if (on) next.add(r.requestId);
        else next.delete(r.requestId);
      }
      return next;
    });
  return { selected, ids: new Set(selected.map((r) => r.requestId)), set, clear: () => setPicked(new Set()) };
}

/** The Approvals screen's state: the waiting list, the selection, approving and rejecting, and what happened. */
export function useApprovals(user: User) {
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER');
  const waiting = useWaitingRequests(user.bankId);
  const approve = useApproveRequests();
  const reject = useRejectRequest();
  const [statuses, setStatuses] = useState<Status[]>([]);
  const [rejecting, setRejecting] = useState<StaffRequest | null>(null);
  const list = waiting.data ?? [];
  const selection = useSelection(list);
  // A teller decides only the kinds the bank lets tellers do; the server checks the same.
  const whyNot = (r: StaffRequest) =>
    mayMoveMoney(user.userRole, settings.data, r.kind) ? null : m.tellerMayNot(r.kind);
  // A withdrawal the account cannot pay now may be rejected (or wait for the money), not approved.
  const whyNotApprove = (r: StaffRequest) => whyNot(r) ?? (r.canPay === false ? m.cannotPayNow : null);

  const approveAll = (requests: StaffRequest[]) => {
    setStatuses([]);
    approve.mutate(requests, {
      onSuccess: (outcome) => {
        setStatuses(outcomeStatuses(outcome));
        selection.clear();
      },
    });
  };
  const confirmReject = (reason: string) => {
    if (!rejecting) return;
    setStatuses([]);
    reject.mutate(
      { requestId: rejecting.requestId, reason },
      {
        onSuccess: (request) => {
          setRejecting(null);
          setStatuses([{ kind: 'success', title: m.rejected, detail: describeRequest(request) }]);
        },
      },
    );
  };
  const openReject = (request: StaffRequest) => {
    reject.reset();
    setRejecting(request);
  };
  return {
    settings,
    waiting,
    decidable: list.filter((r) => whyNotApprove(r) === null),
    selection,
    whyNot,
    whyNotApprove,
    statuses,
    busy: approve.isPending || reject.isPending,
    approving: approve.isPending,
    approveAll,
    rejecting,
    openReject,
    closeReject: () => setRejecting(null),
    confirmReject,
    reject,
  };
}
