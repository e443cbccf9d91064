import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { participationScreenText as m, type StaffRequest } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { formatDateTime, money } from '../../lib/format';
import { balanceText } from '../../lib/held';
import { describeRequest, requestAccount } from '../../lib/requests';

/** The account's balance now, with what is available beside it while something is held (issue 33). */
function AccountMoney({ request }: { request: StaffRequest }) {
  const { balance, available } = request;
  if (balance === null || available === null) return null;
  return (
    <Text span size="sm" c="dimmed" data-testid="request-balance">
      {m.balanceLabel} {balanceText({ balance, available })}
    </Text>
  );
}

export interface TableActions {
  /** Why this user may not decide a request of this kind (a teller without the permission), or null. */
  whyNot: (request: StaffRequest) => string | null;
  /** Why it may not be approved now (also: the account cannot pay it), or null. */
  whyNotApprove: (request: StaffRequest) => string | null;
  selected: ReadonlySet<number>;
  onSelect: (request: StaffRequest, on: boolean) => void;
  onApprove: (request: StaffRequest) => void;
  onReject: (request: StaffRequest) => void;
  busy: boolean;
}

function DecideButtons({ request, actions }: { request: StaffRequest; actions: TableActions }) {
  const why = actions.whyNot(request);
  if (why) return <Text size="sm">{why}</Text>;
  const notNow = actions.whyNotApprove(request);
  const who = request.requestedByName;
  return (
    <Group gap="xs" wrap="nowrap">
      {notNow ? (
        <Text size="sm">{notNow}</Text>
      ) : (
        <Button
          size="compact-sm"
          onClick={() => actions.onApprove(request)}
          disabled={actions.busy}
          aria-label={m.approveNamed(who, describeRequest(request))}
        >
          {m.approve}
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => actions.onReject(request)}
        disabled={actions.busy}
        aria-label={m.rejectNamed(who, describeRequest(request))}
      >
        {m.reject}
      </Button>
    </Group>
  );
}

function columns(actions: TableActions): Column<StaffRequest>[] {
  return [
    {
      header: m.selectColumn,
      cell: (r) => (
        <Checkbox
          aria-label={m.selectRequest(r.requestedByName, describeRequest(r))}
          checked={actions.selected.has(r.requestId)}
          disabled={actions.busy || actions.whyNotApprove(r) !== null}
          onChange={(event) => actions.onSelect(r, event.currentTarget.checked)}
        />
      ),
    },
    { header: m.askedColumn, cell: (r) => formatDateTime(r.createdAt), wrap: 'nowrap' },
    { header: m.byColumn, cell: (r) => r.requestedByName },
    {
      header: m.forColumn,
      cell: (r) => (
        <Stack gap={0}>
          <span>{r.studentName}</span>
          <Text span size="sm" c="dimmed">
            {requestAccount(r)}
          </Text>
          <AccountMoney request={r} />
        </Stack>
      ),
    },
    {
      header: m.whatColumn,
      cell: (r) => `${m.kindNames[r.kind]} ${money(r.amount)}`,
      wrap: 'nowrap',
    },
    { header: m.memoColumn, cell: (r) => r.memo ?? '', wrap: 'anywhere' },
    { header: m.decideColumn, action: true, cell: (r) => <DecideButtons request={r} actions={actions} /> },
  ];
}

/** The waiting requests, oldest first: who asked, for whom, what, why (the memo) and when. */
export function ApprovalsTable({ requests, actions }: { requests: StaffRequest[]; actions: TableActions }) {
  return (
    <DataTable
      label={m.approvalsTitle}
      columns={columns(actions)}
      rows={requests}
      rowKey={(r) => r.requestId}
      emptyText={m.nothingWaiting}
      emptyTestId="nothing-waiting"
      minWidth={900}
      rowTestId="approval-row"
      rowExtras={(r) => ({ selected: actions.selected.has(r.requestId) })}
    />
  );
}
