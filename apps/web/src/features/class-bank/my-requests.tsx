import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { participationScreenText as m, type BankerRequest } from '@bank/shared';
import { useConfirmAction } from '../../components/use-confirm-action';
import { DataTable, type Column } from '../../components/data-table';
import { PagedSection } from '../../components/paged-section';
import { failureStatus, type Status } from '../../components/status-message';
import { formatDateTime, money } from '../../lib/format';
import { describeRequest, requestAccount, requestOutcome } from '../../lib/requests';
import { useCancelRequest, useMyRequests } from './api';

function columns(onCancel: (request: BankerRequest) => void, busy: boolean): Column<BankerRequest>[] {
  return [
    { header: m.askedColumn, cell: (r) => formatDateTime(r.createdAt), wrap: 'nowrap' },
    { header: m.forColumn, cell: (r) => `${r.studentName}, ${requestAccount(r)}` },
    { header: m.whatColumn, cell: (r) => `${m.kindNames[r.kind]} ${money(r.amount)}` },
    { header: m.memoColumn, cell: (r) => r.memo ?? '', wrap: 'anywhere' },
    {
      header: 'Status',
      cell: (r) => (
        <Text size="sm" fw={r.status === 'waiting' ? 600 : undefined} data-testid="request-status">
          {requestOutcome(r)}
        </Text>
      ),
    },
    {
      header: 'Cancel',
      action: true,
      cell: (r) =>
        r.status === 'waiting' ? (
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            onClick={() => onCancel(r)}
            aria-label={m.cancelRequestNamed(describeRequest(r))}
          >
            {m.cancelRequest}
          </Button>
        ) : null,
    },
  ];
}

/** The banker's own requests, newest first, with what became of each; a waiting one can be taken back. */
export function MyRequests({ username }: { username: string }) {
  const requests = useMyRequests(username);
  const cancel = useCancelRequest();
  const [status, setStatus] = useState<Status | null>(null);
  const { ask, modal } = useConfirmAction();
  const askCancel = (request: BankerRequest) =>
    ask({
      message: m.cancelConfirm(describeRequest(request)),
      confirmLabel: m.cancelConfirmButton,
      danger: true,
      onConfirm: () => {
        setStatus(null);
        cancel.mutate(request.requestId, {
          onSuccess: () => setStatus({ kind: 'success', title: m.requestCancelled }),
          onError: (error) => setStatus(failureStatus(m.cancelFailed, error)),
        });
      },
    });
  const what = m.yourRequests.toLowerCase();
  return (
    <>
      <PagedSection id="my-requests" title={m.yourRequests} what={what} status={status} pages={requests}>
        {(list) => (
          <DataTable
            label={m.yourRequests}
            columns={columns(askCancel, cancel.isPending)}
            rows={list}
            rowKey={(r) => r.requestId}
            emptyText={m.noRequestsYet}
            minWidth={760}
            rowTestId="my-request"
          />
        )}
      </PagedSection>
      {modal}
    </>
  );
}
