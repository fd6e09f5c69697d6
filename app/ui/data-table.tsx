import type { ReactNode } from "react";
import { ColumnHeads } from "~/ui/column-heads";
import { ScrollRegion } from "~/ui/scroll-region";

/**
 * A console list: its rows in a table (a hidden caption, the column headings, one row each) in its
 * own scroll region named by the caption; with no rows, the `empty` message instead. `before` shows
 * above the table only when there are rows (a summary of them). Unless told otherwise, the
 * console's list look: a full-width table, a ruled head, rows divided.
 */
export function DataTable<Row>({
  rows,
  row,
  empty,
  className,
  emptyClassName = `${className} text-slate-700`,
  caption,
  columns,
  headCell = "py-2 pr-4",
  headClassName = "border-b border-slate-300",
  alignFrom,
  tableClassName = "min-w-full text-left text-sm",
  bodyClassName = "divide-y divide-slate-200",
  before,
  "data-testid": testId,
}: {
  rows: readonly Row[];
  /** One row's <tr>. */
  row: (item: Row) => ReactNode;
  empty: string;
  /** The table's (or the message's) place on the page: a margin. */
  className: string;
  emptyClassName?: string;
  caption: string;
  columns: string[];
  /** Every heading cell's classes (its padding). */
  headCell?: string;
  /** The <thead>'s classes ("": none). */
  headClassName?: string;
  /** Right-aligned columns, as ColumnHeads. */
  alignFrom: number | readonly number[];
  tableClassName?: string;
  bodyClassName?: string;
  before?: ReactNode;
  "data-testid"?: string;
}) {
  if (rows.length === 0) return <p className={emptyClassName}>{empty}</p>;
  return (
    <>
      {before}
      <ScrollRegion label={caption} className={className}>
        <table className={tableClassName} data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <ColumnHeads className={headClassName} cell={headCell} labels={columns} alignFrom={alignFrom} />
          <tbody className={bodyClassName}>{rows.map(row)}</tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
