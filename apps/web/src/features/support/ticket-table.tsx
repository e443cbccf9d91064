import { Badge, Button, Stack, Text } from '@mantine/core';
import type { SupportTicket } from '@bank/shared';
import { DataTable, type Column } from '../../components/data-table';
import { supportTexts as texts } from './texts';

export interface TicketTableProps {
  tickets: SupportTicket[];
  /** The ticket open in the form, marked in the table. */
  selectedId: number | null;
  onView: (ticket: SupportTicket) => void;
}

/** Filled badges in the darkest shades: white text stays above 4.5:1 on any row background. */
const statusColors: Record<SupportTicket['status'], string> = {
  Open: 'blue.9',
  'In Progress': 'violet.9',
  Resolved: 'teal.9',
  Closed: 'gray.7',
};

export function StatusBadge({ status }: { status: SupportTicket['status'] }) {
  return (
    <Badge
      color={statusColors[status]}
      variant="filled"
      radius="sm"
      tt="none"
      style={{ whiteSpace: 'nowrap' }}
    >
      {status}
    </Badge>
  );
}

function ViewButton({ ticket, onView }: { ticket: SupportTicket; onView: TicketTableProps['onView'] }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => onView(ticket)}
      aria-label={texts.viewLabel(ticket.supportTicketId, ticket.title)}
    >
      {texts.view}
    </Button>
  );
}

const wideColumns = (onView: TicketTableProps['onView']): Column<SupportTicket>[] => [
  { header: 'View', cell: (t) => <ViewButton ticket={t} onView={onView} /> },
  { header: 'Ticket Number', cell: (t) => t.supportTicketId },
  { header: 'Type', wrap: 'nowrap', cell: (t) => t.ticketType },
  { header: 'Title', wrap: 'anywhere', cell: (t) => t.title },
  { header: 'Severity', wrap: 'nowrap', cell: (t) => t.severity },
  { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
];

/** The same columns folded for a phone: number, type and title together; severity above status. */
const phoneColumns = (onView: TicketTableProps['onView']): Column<SupportTicket>[] => [
  { header: 'View', cell: (t) => <ViewButton ticket={t} onView={onView} /> },
  {
    header: 'Ticket Number / Type / Title',
    wrap: 'anywhere',
    cell: (t) => (
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          #{t.supportTicketId} · {t.ticketType}
        </Text>
        <Text size="sm">{t.title}</Text>
      </Stack>
    ),
  },
  {
    header: 'Severity / Status',
    cell: (t) => (
      <Stack gap={4} align="flex-start">
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {t.severity}
        </Text>
        <StatusBadge status={t.status} />
      </Stack>
    ),
  },
];

/** Columns View, Ticket Number, Type, Title, Severity, Status (spec §2); on a phone they fold. */
export function TicketTable({ tickets, selectedId, onView }: TicketTableProps) {
  return (
    <DataTable
      label={texts.tableLabel}
      columns={wideColumns(onView)}
      phoneColumns={phoneColumns(onView)}
      rows={tickets}
      rowKey={(t) => t.supportTicketId}
      rowExtras={(t) => ({ selected: t.supportTicketId === selectedId })}
      emptyText={texts.empty}
      emptyTestId="tickets-empty"
      minWidth={680}
      rowTestId="ticket-row"
    />
  );
}
