/**
 * A table's <thead>: one row of column headings. The first columns name things (left-aligned);
 * from `alignFrom` on (or only those `alignFrom` lists) they head numbers or controls, aligned as
 * their cells are.
 */
export function ColumnHeads({
  className = "border-b border-slate-200 text-slate-600",
  cell,
  labels,
  alignFrom,
  align = "text-right",
  alignedCell = `${cell} ${align}`,
  roles = false,
}: {
  /** The <thead>'s classes ("" for none). */
  className?: string;
  /** Every heading cell's classes (its padding). */
  cell: string;
  labels: string[];
  alignFrom: number | readonly number[];
  align?: "text-right" | "text-center";
  /** The aligned headings' classes, when not `cell` with `align`. */
  alignedCell?: string;
  /** Say the ARIA roles too: for a table whose display CSS changes (StackedTable). */
  roles?: boolean;
}) {
  return (
    <thead className={className || undefined} role={roles ? "rowgroup" : undefined}>
      <tr role={roles ? "row" : undefined}>
        {labels.map((label, index) => (
          <th
            key={label}
            scope="col"
            role={roles ? "columnheader" : undefined}
            className={
              (typeof alignFrom === "number" ? index >= alignFrom : alignFrom.includes(index)) ? alignedCell : cell
            }
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
