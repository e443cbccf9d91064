import { Button, Group, Stack, Text } from '@mantine/core';
import { auctionScreenText as m, type Auction, type Branch } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { DeleteButton } from '../../components/delete-button';
import { bankDayTime } from '../../lib/bank-time';
import { money } from '../../lib/format';

export interface AuctionActions {
  /** Whether this teacher runs the auction (an admin: every one; a teacher: their class's). */
  mayChange: (auction: Auction) => boolean;
  onEdit: (auction: Auction) => void;
  onCancel: (auction: Auction) => void;
  busy: boolean;
}

const open = (a: Auction) => a.status === 'open';

/** Edit while open and nobody has bid (the server refuses it after); Cancel while open. */
function changeCell(a: Auction, actions: AuctionActions) {
  if (!open(a) || !actions.mayChange(a)) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {a.highBid === null && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => actions.onEdit(a)}
          disabled={actions.busy}
          aria-label={m.editNamed(a.name)}
        >
          {m.edit}
        </Button>
      )}
      <DeleteButton
        size="compact-sm"
        onClick={() => actions.onCancel(a)}
        disabled={actions.busy}
        aria-label={m.cancelAuctionNamed(a.name)}
      >
        {m.cancelAuction}
      </DeleteButton>
    </Group>
  );
}

function columns(branches: Branch[], zone: string, actions: AuctionActions): Column<Auction>[] {
  const forWhom = (a: Auction) =>
    a.branchId === null
      ? m.wholeBank
      : (branches.find((b) => b.branchId === a.branchId)?.branchName ?? String(a.branchId));
  return [
    {
      header: m.nameColumn,
      cell: (a) => (
        <Stack gap={0}>
          <Text span size="sm" fw={600}>
            {a.name}
          </Text>
          {a.description && (
            <Text span size="sm" c="dimmed">
              {a.description}
            </Text>
          )}
        </Stack>
      ),
      wrap: 'anywhere',
    },
    { header: m.startingBidColumn, cell: (a) => money(a.startingBid), align: 'right' },
    {
      header: m.highBidColumn,
      cell: (a) => (a.highBid === null ? m.noBids : money(a.highBid)),
      align: 'right',
    },
    { header: m.endsColumn, cell: (a) => bankDayTime(a.endsAt, zone), wrap: 'nowrap' },
    { header: m.forColumn, cell: forWhom },
    {
      header: m.statusColumn,
      cell: (a) => <span data-testid="auction-status">{m.statusNames[a.status]}</span>,
    },
    { header: m.winnerColumn, cell: (a) => a.winner ?? '' },
    { header: m.changeColumn, action: true, cell: (a) => changeCell(a, actions) },
  ];
}

/** The bank's auctions, the open ones first (soonest ending), then the rest newest first. */
export function AuctionsTable({
  auctions,
  branches,
  zone,
  actions,
}: {
  auctions: Auction[];
  branches: Branch[];
  zone: string;
  actions: AuctionActions;
}) {
  return (
    <DataTable
      label={m.manageTitle}
      columns={columns(branches, zone, actions)}
      rows={auctions}
      rowKey={(a) => a.auctionId}
      emptyText={m.noAuctionsYet}
      minWidth={900}
      rowTestId="auction-row"
    />
  );
}
