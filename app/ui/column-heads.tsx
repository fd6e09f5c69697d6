/**
 * A table's <thead>: one row of column headings. The first columns name things (left-aligned);
 * from `alignFrom` on they head numbers or controls, aligned as their cells are.
 */
export function ColumnHeads({
  className = "border-b border-slate-200 text-slate-600",
  cell,
  labels,
  alignFrom,
  align = "text-right",
}: {
  className?: string;
  /** Every heading cell's classes (its padding). */
  cell: string;
  labels: string[];
  alignFrom: number;
  align?: "text-right" | "text-center";
}) {
  return (
    <thead className={className}>
      <tr>
        {labels.map((label, index) => (
          <th key={label} scope="col" className={index >= alignFrom ? `${cell} ${align}` : cell}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
