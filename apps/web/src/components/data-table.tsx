import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { usePhone } from '../lib/use-phone';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** A button or link column: on a phone it moves to the foot of the row's card. */
  action?: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  /** Below this width the wide table scrolls inside its box instead of the page. */
  minWidth: number;
  /** `data-testid` of each row (or card on a phone). */
  rowTestId?: string;
}

function WideTable<T>({ label, columns, rows, rowKey, emptyText, minWidth, rowTestId }: DataTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} scope="col" ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((c) => (
                  <Table.Td
                    key={c.header}
                    ta={c.align}
                    style={c.action || c.align === 'right' ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each row folds into a card of label/value pairs, its buttons at the foot. */
function FoldedList<T>({ label, columns, rows, rowKey, emptyText, rowTestId }: DataTableProps<T>) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  const fields = columns.filter((c) => !c.action);
  const actions = columns.filter((c) => c.action);
  return (
    <Stack component="ul" gap="sm" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm" data-testid={rowTestId}>
          <dl
            style={{
              margin: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(7.5rem, auto) 1fr',
              gap: '4px 12px',
              fontSize: 'var(--mantine-font-size-sm)',
            }}
          >
            {fields.map((c) => (
              <Fragment key={c.header}>
                <Text component="dt" size="sm" fw={600}>
                  {c.header}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {c.cell(row)}
                </Text>
              </Fragment>
            ))}
          </dl>
          {actions.length > 0 && (
            <Group justify="flex-end" gap="xs" mt="xs">
              {actions.map((c) => (
                <Fragment key={c.header}>{c.cell(row)}</Fragment>
              ))}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The admin screens' tables: every column on a wide screen (scrolling inside its box when narrow),
 * folded into one card per row on a phone so that nothing is cut off.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const phone = usePhone();
  return phone ? <FoldedList {...props} /> : <WideTable {...props} />;
}
