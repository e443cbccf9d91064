import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { usePhone } from '../lib/use-phone';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** A button or link column: on a phone it moves to the foot of the row's card. */
  action?: boolean;
  /** How the column's text wraps: kept on one line, or broken anywhere (long titles, file names). */
  wrap?: 'nowrap' | 'anywhere';
}

/** What a row carries besides its cells: `data-*` attributes for tests, and the selected row's mark. */
export interface RowExtras {
  data?: Record<string, string | number | boolean | undefined>;
  selected?: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  /** `data-testid` of the empty text. */
  emptyTestId?: string;
  /** Below this width the wide table scrolls inside its box instead of the page. */
  minWidth: number;
  /** `data-testid` of each row (or card on a phone). */
  rowTestId?: string;
  rowExtras?: (row: T) => RowExtras;
  /**
   * On a phone: a narrow table of these folded columns (a date under its description, say) instead
   * of one card per row. For tables read across, row by row, like an account's transactions.
   */
  phoneColumns?: Column<T>[];
  /**
   * On a phone: one short card per row drawn by the screen (a long list's name, id and amounts in
   * a few lines), instead of a label/value pair per column.
   */
  phoneCard?: (row: T) => ReactNode;
}

const wrapStyles: Record<NonNullable<Column<unknown>['wrap']>, CSSProperties> = {
  nowrap: { whiteSpace: 'nowrap' },
  anywhere: { overflowWrap: 'anywhere' },
};

function cellStyle<T>(c: Column<T>): CSSProperties | undefined {
  if (c.wrap) return wrapStyles[c.wrap];
  return c.action || c.align === 'right' ? wrapStyles.nowrap : undefined;
}

function rowAttributes<T>(props: Pick<DataTableProps<T>, 'rowTestId' | 'rowExtras'>, row: T) {
  const extras = props.rowExtras?.(row);
  const data = Object.fromEntries(Object.entries(extras?.data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return {
    ...data,
    'data-testid': props.rowTestId,
    // Show more (components/long-list.tsx) moves the focus to the first row it added.
    'data-list-row': true,
    'data-selected': extras?.selected || undefined,
    bg: extras?.selected ? 'var(--mantine-color-blue-light)' : undefined,
  };
}

function EmptyText({ text, testId }: { text: string; testId: string | undefined }) {
  return (
    <Text c="dimmed" size="sm" data-testid={testId}>
      {text}
    </Text>
  );
}

/** The classes Mantine's Table parts (Table.Tr, Table.Td, ...) give their element. */
const part = (name: 'thead' | 'tbody' | 'tr' | 'th' | 'td') => `${Table.classes[name]} mantine-Table-${name}`;

/** What Table.Tr says of a row in a striped table with row borders (its stylesheet reads these). */
const rowMarks = (hover: boolean) => ({
  'data-with-row-border': true,
  'data-striped': 'odd',
  'data-hover': hover || undefined,
});

/**
 * The table itself. Mantine's Table keeps the root (its spacing and colour variables); the rows and
 * cells are plain elements with the classes and data attributes Table.Tr, Table.Th and Table.Td
 * would give them (issue 22): an account's rows as Mantine components would be hundreds of
 * components, each a few layers deep, in the render a phone waits for before it shows the page. Same markup, same styles.
 */
function TableOf<T>({ columns, phone, ...props }: DataTableProps<T> & { phone: boolean }) {
  const hover = !phone;
  return (
    <Table
      striped
      highlightOnHover={hover}
      verticalSpacing="xs"
      horizontalSpacing={phone ? 6 : undefined}
      fz={phone ? 'sm' : undefined}
      aria-label={props.label}
    >
      <thead className={part('thead')}>
        <tr className={part('tr')} {...rowMarks(hover)}>
          {columns.map((c) => (
            <th
              key={c.header}
              className={part('th')}
              scope="col"
              style={c.align ? { textAlign: c.align } : undefined}
            >
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={part('tbody')}>
        {props.rows.length === 0 ? (
          <tr className={part('tr')} {...rowMarks(hover)}>
            <td className={part('td')} colSpan={columns.length}>
              <EmptyText text={props.emptyText} testId={props.emptyTestId} />
            </td>
          </tr>
        ) : (
          props.rows.map((row) => {
            const { bg, ...attributes } = rowAttributes(props, row);
            return (
              <tr
                key={props.rowKey(row)}
                className={part('tr')}
                {...rowMarks(hover)}
                {...attributes}
                style={bg ? { background: bg } : undefined}
              >
                {columns.map((c) => (
                  <td
                    key={c.header}
                    className={part('td')}
                    style={{ ...cellStyle(c), ...(c.align ? { textAlign: c.align } : undefined) }}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })
        )}
      </tbody>
    </Table>
  );
}

/** One card: the row's label/value pairs, its buttons at the foot (or the screen's own card). */
function Card<T>({ row, props }: { row: T; props: DataTableProps<T> }) {
  if (props.phoneCard) {
    return (
      <Paper component="li" withBorder radius="md" px="sm" py="xs" {...rowAttributes(props, row)}>
        {props.phoneCard(row)}
      </Paper>
    );
  }
  const fields = props.columns.filter((c) => !c.action);
  const actions = props.columns.filter((c) => c.action);
  return (
    <Paper component="li" withBorder radius="md" p="sm" {...rowAttributes(props, row)}>
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
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
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
  );
}

/** On a phone each row folds into a card of label/value pairs. */
function FoldedList<T>(props: DataTableProps<T>) {
  if (props.rows.length === 0) return <EmptyText text={props.emptyText} testId={props.emptyTestId} />;
  return (
    <Stack
      component="ul"
      gap={props.phoneCard ? 'xs' : 'sm'}
      aria-label={props.label}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {props.rows.map((row) => (
        <Card key={props.rowKey(row)} row={row} props={props} />
      ))}
    </Stack>
  );
}

/**
 * Every table of the app: every column on a wide screen (scrolling inside its box when narrow); on a
 * phone one card per row, or the narrow table of `phoneColumns`, so that nothing is cut off.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const phone = usePhone();
  if (phone && props.phoneColumns) {
    // A narrow table still scrolls inside its box when a row's buttons need more than the phone has.
    return (
      <Table.ScrollContainer minWidth={0}>
        <TableOf {...props} columns={props.phoneColumns} phone />
      </Table.ScrollContainer>
    );
  }
  if (phone) return <FoldedList {...props} />;
  return (
    <Table.ScrollContainer minWidth={props.minWidth}>
      <TableOf {...props} phone={false} />
    </Table.ScrollContainer>
  );
}
