import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { ColumnHeads } from "~/ui/column-heads";

/**
 * A table on wide screens (lg and up), a list of cards on narrow ones: one markup, laid out by
 * CSS (the `narrow:` variant: screens below lg, never paper), so every control is there once. A
 * browser may drop a table's semantics when its display changes, so each part says its role; the
 * column headings stay for screen readers (visually hidden on narrow screens) and each cell shows
 * its heading there instead (hidden from screen readers, which announce the column's heading).
 */
export function StackedTable({
  caption,
  columns,
  headCell,
  alignFrom,
  className,
  children,
  ...table
}: Omit<ComponentPropsWithoutRef<"table">, "role"> & {
  caption: string;
  columns: string[];
  /** Every heading cell's classes (its padding). */
  headCell: string;
  /** Columns from this one on are right-aligned (as ColumnHeads). */
  alignFrom?: number;
}) {
  return (
    <table role="table" className={`narrow:block ${className ?? ""}`} {...table}>
      <caption className="sr-only">{caption}</caption>
      <ColumnHeads
        className="border-b border-slate-300 text-slate-700 narrow:sr-only"
        cell={headCell}
        labels={columns}
        alignFrom={alignFrom ?? columns.length}
        roles
      />
      <tbody role="rowgroup" className="narrow:block narrow:space-y-3">
        {children}
      </tbody>
    </table>
  );
}

/** A row: a card on narrow screens. */
export function StackedRow({ className, children, ...row }: Omit<ComponentPropsWithoutRef<"tr">, "role">) {
  return (
    <tr
      role="row"
      className={`narrow:block narrow:rounded-lg narrow:border narrow:border-slate-300 narrow:p-3 ${className ?? ""}`}
      {...row}
    >
      {children}
    </tr>
  );
}

/**
 * A cell (`header`: the row's heading cell). On narrow screens: its column's `label` beside its
 * content (`wide`: above it, the content the card's full width).
 */
export function StackedCell({
  label,
  header = false,
  wide = false,
  className,
  children,
}: {
  label?: string;
  header?: boolean;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const layout = wide || !label ? "narrow:block" : "narrow:grid narrow:grid-cols-[6.5rem_minmax(0,1fr)] narrow:gap-x-2";
  const content = (
    <>
      {label ? (
        <span aria-hidden="true" className="hidden text-xs font-medium text-slate-700 narrow:block">
          {label}
        </span>
      ) : null}
      <div>{children}</div>
    </>
  );
  return header ? (
    <th role="rowheader" scope="row" className={`${layout} narrow:py-1 ${className ?? ""}`}>
      {content}
    </th>
  ) : (
    <td role="cell" className={`${layout} narrow:py-1 ${className ?? ""}`}>
      {content}
    </td>
  );
}
