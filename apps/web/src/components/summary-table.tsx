import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SummaryTableProps {
  /** Label/value rows: the label is the row's header. */
  rows: [string, ReactNode][];
  testId: string;
  maw?: number;
}

/** What will happen, or what happened: the money flows' confirm and confirmation views, payday's review. */
export function SummaryTable({ rows, testId, maw }: SummaryTableProps) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed" data-testid={testId} maw={maw}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 160 }}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
