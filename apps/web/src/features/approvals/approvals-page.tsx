import { Button, Checkbox, Group, Paper, Stack } from '@mantine/core';
import { participationScreenText as m, type StaffRequest } from '@bank/shared';
import { useConfirmAction } from '../../components/use-confirm-action';
import { PageHeader } from '../../components/page-header';
import { allOf, LoadMore, QueryState, type QueryLike } from '../../components/query-state';
import { StatusLine } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { cents, money } from '../../lib/format';
import { ApprovalsTable } from './approvals-table';
import { RejectDialog } from './reject-dialog';
import { useApprovals } from './use-approvals';

const total = (requests: StaffRequest[]) =>
  money(requests.reduce((sum, r) => sum + cents(r.amount), 0) / 100);

/** Select all (that this user may decide), and approve the selection at once behind Confirm Action. */
function SelectionBar({ state }: { state: ReturnType<typeof useApprovals> }) {
  const { decidable, selection, busy, approveAll } = state;
  const { ask, modal } = useConfirmAction();
  const count = selection.selected.length;
  const all = decidable.length > 0 && count === decidable.length;
  const approveSelected = () =>
    ask({
      message: m.approveSelectedConfirm(count, total(selection.selected)),
      confirmLabel: m.approve,
      onConfirm: () => approveAll(selection.selected),
    });
  if (decidable.length === 0) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Checkbox
        label={m.selectAll}
        checked={all}
        indeterminate={count > 0 && !all}
        disabled={busy}
        onChange={(event) => selection.set(decidable, event.currentTarget.checked)}
      />
      <Button onClick={approveSelected} disabled={busy || count === 0}>
        {state.approving ? m.approving : m.approveSelected(count)}
      </Button>
      {modal}
    </Group>
  );
}

/**
 * `{bankId}/approvals` (issue 24): the class bankers' requests that wait, oldest first; approve one
 * or several, or reject one with a reason. A teller sees why a kind the bank does not allow them is
 * not theirs to decide.
 */
export function ApprovalsPage() {
  const { user } = useRequiredSession();
  const state = useApprovals(user);
  const { waiting, settings } = state;
  const queries: QueryLike<unknown>[] = user.userRole === 'TELLER' ? [waiting, settings] : [waiting];
  return (
    <>
      <PageHeader title={m.approvalsTitle} subtitle={m.approvalsSubtitle} />
      <Stack>
        {state.statuses.map((status) => (
          <StatusLine key={status.title} status={status} />
        ))}
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <QueryState query={allOf(...queries)} what={m.waitingWhat}>
            {() => (
              <Stack gap="sm">
                <SelectionBar state={state} />
                <ApprovalsTable
                  requests={waiting.data ?? []}
                  actions={{
                    whyNot: state.whyNot,
                    whyNotApprove: state.whyNotApprove,
                    selected: state.selection.ids,
                    onSelect: (r, on) => state.selection.set([r], on),
                    onApprove: (r) => state.approveAll([r]),
                    onReject: state.openReject,
                    busy: state.busy,
                  }}
                />
                <LoadMore pages={waiting} what={m.waitingWhat} />
              </Stack>
            )}
          </QueryState>
        </Paper>
      </Stack>
      <RejectDialog
        key={state.rejecting?.requestId ?? 'closed'}
        request={state.rejecting}
        rejecting={state.reject.isPending}
        error={state.reject.error}
        onReject={state.confirmReject}
        onClose={state.closeReject}
      />
    </>
  );
}
