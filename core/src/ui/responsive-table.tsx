import { Box, Paper, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** One column of a {@link ResponsiveTable}. */
export interface ResponsiveColumn<Row> {
  /** React key of the column. */
  key: string;
  /** Column header; on a phone the label in front of the value. */
  header: string;
  /** The cell of `row`. */
  cell: (row: Row) => ReactNode;
  /** Text alignment in the table; default left. */
  align?: 'left' | 'right';
  /** Header read by screen readers only (e.g. a column of buttons); default false. */
  hideHeader?: boolean;
  /**
   * Where the column goes on a phone's card: `title` heads the card (no label), `actions` sits
   * at its foot (no label), `line` is a labelled line. Default `line`.
   */
  card?: 'title' | 'line' | 'actions';
}

export interface ResponsiveTableProps<Row> {
  /** Accessible name of the table and of the card list. */
  label: string;
  columns: ReadonlyArray<ResponsiveColumn<Row>>;
  rows: readonly Row[];
  /** React key of a row. */
  rowKey: (row: Row) => string;
  /** Stripe the table's rows; default false. */
  striped?: boolean;
}

/**
 * A table on wide screens and a list of stacked cards below Mantine's `sm` breakpoint
 * (docs/product.md "Tables on phones"): every value stays on screen at 320 px without scrolling
 * sideways, each labelled with its column header, and the row's buttons at the foot of its card.
 */
export function ResponsiveTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  striped = false,
}: ResponsiveTableProps<Row>) {
  const theme = useMantineTheme();
  // Read at once (not after a first paint as a table), so a phone never shows the wide table.
  const wide =
    useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, undefined, {
      getInitialValueInEffect: false,
    }) ?? false;

  if (wide) {
    return (
      <Table verticalSpacing="sm" striped={striped} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align}>
                {column.hideHeader ? (
                  <span className="visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.align}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  const titles = columns.filter((column) => column.card === 'title');
  const lines = columns.filter((column) => (column.card ?? 'line') === 'line');
  const actions = columns.filter((column) => column.card === 'actions');
  return (
    <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
          <Stack gap="xs">
            {titles.map((column) => (
              <Box key={column.key} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {column.cell(row)}
              </Box>
            ))}
            {lines.length > 0 ? (
              <Stack component="dl" gap={6} m={0}>
                {lines.map((column) => (
                  <Box
                    key={column.key}
                    style={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      justifyContent: 'space-between',
                      alignItems: 'center',
                      columnGap: 'var(--mantine-spacing-sm)',
                      rowGap: 4,
                    }}
                  >
                    <Text component="dt" size="sm" c="dimmed">
                      {column.header}
                    </Text>
                    <Box component="dd" m={0} style={{ minWidth: 0, maxWidth: '100%' }}>
                      {column.cell(row)}
                    </Box>
                  </Box>
                ))}
              </Stack>
            ) : null}
            {actions.map((column) => (
              <Box key={column.key}>{column.cell(row)}</Box>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
