import { Button, Paper, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { auctionScreenText as m, type Auction } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { allOf, QueryState } from '../../components/query-state';
import { failureStatus, StatusLine, type Status } from '../../components/status-message';
import { useConfirmAction } from '../../components/use-confirm-action';
import { useRequiredSession } from '../../lib/current-user';
import { money } from '../../lib/format';
import { useBankSettings, useBranches } from '../../lib/queries';
import { useAuctions, useCancelAuction } from './api';
import { AuctionForm } from './auction-form';
import { AuctionsTable } from './auctions-table';

/** Which form is open: none, a new auction, or the auction being changed. */
type Editing = null | 'new' | Auction;

/** Cancel behind Confirm Action; what happened goes to the page's status line. */
function useAskCancel(setStatus: (status: Status | null) => void) {
  const cancel = useCancelAuction();
  const { ask, modal } = useConfirmAction();
  const askCancel = (auction: Auction) =>
    ask({
      message: m.cancelConfirm(auction.name, auction.highBid === null ? null : money(auction.highBid)),
      confirmLabel: m.cancelAuction,
      danger: true,
      onConfirm: () => {
        setStatus(null);
        cancel.mutate(auction.auctionId, {
          onSuccess: () => setStatus({ kind: 'success', title: m.cancelled(auction.name) }),
          onError: (error) => setStatus(failureStatus(m.cancelFailed, error)),
        });
      },
    });
  return { askCancel, modal, cancelling: cancel.isPending };
}

/**
 * `{bankId}/auctions/manage` (issue 34 item 4): the bank's auctions, New Auction, Edit (while nobody
 * has bid) and Cancel. A teacher runs their own class's; an admin any class's or the whole bank's.
 */
export function AuctionsPage() {
  const { user } = useRequiredSession();
  const auctions = useAuctions(user.bankId);
  const branches = useBranches(user.bankId);
  const settings = useBankSettings(user.bankId);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const { askCancel, modal, cancelling } = useAskCancel(setStatus);
  const admin = user.userRole === 'ADMIN';
  const zone = settings.data?.timeZone;
  const open = (next: Editing) => {
    setStatus(null);
    setEditing(next);
  };
  return (
    <>
      <PageHeader
        title={m.manageTitle}
        subtitle={m.manageSubtitle}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')}>
            {m.newAuction}
          </Button>
        }
      />
      <Stack>
        <StatusLine status={status} />
        {editing && branches.data && zone && (
          <AuctionForm
            key={editing === 'new' ? 'new' : editing.auctionId}
            user={user}
            zone={zone}
            auction={editing === 'new' ? null : editing}
            branches={branches.data}
            onCancel={() => setEditing(null)}
            onDone={(saved, created) => {
              setEditing(null);
              setStatus({ kind: 'success', title: created ? m.created(saved.name) : m.updated(saved.name) });
            }}
          />
        )}
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <QueryState query={allOf(auctions, branches, settings)} what={m.manageWhat}>
            {([list, branchList, bank]) => (
              <AuctionsTable
                auctions={list}
                branches={branchList}
                zone={bank.timeZone}
                actions={{
                  mayChange: (a) => admin || (a.branchId !== null && a.branchId === user.branchId),
                  onEdit: open,
                  onCancel: askCancel,
                  busy: cancelling,
                }}
              />
            )}
          </QueryState>
        </Paper>
      </Stack>
      {modal}
    </>
  );
}
