/** A table's <thead>: one row of column headings, each with its own classes (padding, alignment). */
export function ColumnHeads({
  className,
  columns,
}: {
  className: string;
  columns: Array<{ label: string; className: string }>;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
