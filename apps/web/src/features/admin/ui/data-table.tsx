// The admin tables: a real <table> with a caption and header cells, inside a box that scrolls
// sideways on its own (never the page) and can be focused to scroll with the keyboard. A row's
// way on is a real link in one of its cells (rows themselves are not clickable).
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import classes from './admin-ui.module.css';

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Figures: aligned to the end side. */
  numeric?: boolean;
  /** The cell names the row: rendered as <th scope="row">. */
  rowHeader?: boolean;
  /** Keep on one line (dates, codes, amounts). */
  nowrap?: boolean;
  /** The column's least width in px (for wrapping text beside one-line columns). */
  minWidth?: number;
}

export interface DataTableProps<T> {
  /** Names the table (its caption, visually hidden unless captionVisible) and its scroll box. */
  caption: string;
  captionVisible?: boolean;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Shown in one cell across the table when there are no rows. */
  empty: ReactNode;
  /** Below this width the box scrolls sideways. */
  minWidth?: number;
  /** A newer page or filter is loading: the rows shown are the previous ones. */
  busy?: boolean;
  testId?: string;
}

export function DataTable<T>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  empty,
  minWidth = 720,
  busy = false,
  testId,
}: DataTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className={classes.scroll} tabIndex={0} role="region" aria-label={caption}>
      <Table
        verticalSpacing="xs"
        horizontalSpacing="sm"
        striped="even"
        highlightOnHover
        fz="sm"
        aria-busy={busy || undefined}
        className={busy ? classes.busy : undefined}
        data-testid={testId}
      >
        <caption className={captionVisible ? classes.caption : classes.hiddenCaption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th
                key={c.key}
                scope="col"
                ta={c.numeric ? 'end' : undefined}
                className={classes.th}
                style={c.minWidth ? { minWidth: c.minWidth } : undefined}
              >
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm" py="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => {
                  const style = c.nowrap ? { whiteSpace: 'nowrap' as const } : undefined;
                  return c.rowHeader ? (
                    <Table.Th key={c.key} scope="row" fw={500} ta={c.numeric ? 'end' : undefined} style={style}>
                      {c.cell(row)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={c.key} ta={c.numeric ? 'end' : undefined} style={style}>
                      {c.cell(row)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
