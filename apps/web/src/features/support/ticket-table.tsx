import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { SupportTicket } from '@bank/shared';
import { supportTexts as texts } from './texts';
import { usePhone } from '../../lib/use-phone';

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

function EmptyRow({ columns }: { columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size="sm" data-testid="tickets-empty">
          {texts.empty}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** Columns View, Ticket Number, Type, Title, Severity, Status (spec §2). */
function WideTable({ tickets, selectedId, onView }: TicketTableProps) {
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={texts.tableLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">View</Table.Th>
            <Table.Th scope="col">Ticket Number</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">Severity</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.length === 0 ? (
            <EmptyRow columns={6} />
          ) : (
            tickets.map((t) => (
              <Table.Tr
                key={t.supportTicketId}
                data-testid="ticket-row"
                data-selected={t.supportTicketId === selectedId || undefined}
                bg={t.supportTicketId === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td>
                  <ViewButton ticket={t} onView={onView} />
                </Table.Td>
                <Table.Td>{t.supportTicketId}</Table.Td>
                <Table.Td style={nowrap}>{t.ticketType}</Table.Td>
                <Table.Td style={wrapAnywhere}>{t.title}</Table.Td>
                <Table.Td style={nowrap}>{t.severity}</Table.Td>
                <Table.Td>
                  <StatusBadge status={t.status} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same columns folded for a phone: number, type and title together; severity above status. */
function CompactTable({ tickets, selectedId, onView }: TicketTableProps) {
  return (
    <Table striped verticalSpacing="xs" horizontalSpacing={6} aria-label={texts.tableLabel} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">View</Table.Th>
          <Table.Th scope="col">Ticket Number / Type / Title</Table.Th>
          <Table.Th scope="col">Severity / Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tickets.length === 0 ? (
          <EmptyRow columns={3} />
        ) : (
          tickets.map((t) => (
            <Table.Tr
              key={t.supportTicketId}
              data-testid="ticket-row"
              data-selected={t.supportTicketId === selectedId || undefined}
              bg={t.supportTicketId === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <ViewButton ticket={t} onView={onView} />
              </Table.Td>
              <Table.Td style={wrapAnywhere}>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    #{t.supportTicketId} · {t.ticketType}
                  </Text>
                  <Text size="sm">{t.title}</Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="xs" style={nowrap}>
                    {t.severity}
                  </Text>
                  <StatusBadge status={t.status} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The ticket table; on a phone-sized screen its columns fold so that nothing is cut off. */
export function TicketTable(props: TicketTableProps) {
  const phone = usePhone();
  return phone ? <CompactTable {...props} /> : <WideTable {...props} />;
}
