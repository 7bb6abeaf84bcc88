import type { CSSProperties } from 'react';
import { rem, Table, type TableProps } from '@mantine/core';
import classes from './stacked-table.module.css';

type StackedTableProps = TableProps & {
  /** The width below which the table scrolls inside its box, above the small breakpoint. */
  minWidth: number;
};

/**
 * A table that turns each row into a card of label: value pairs on small screens (WCAG 1.4.10
 * reflow). Give each data cell its column's name as `data-label`; a row header (th scope="row")
 * heads the card without one.
 */
export function StackedTable({ minWidth, className, children, ...rest }: StackedTableProps) {
  const width = { '--stacked-table-min-width': rem(minWidth) } as CSSProperties;
  return (
    <div className={classes.scroll} style={width}>
      <Table {...rest} className={[classes.table, className].filter(Boolean).join(' ')}>
        {children}
      </Table>
    </div>
  );
}
