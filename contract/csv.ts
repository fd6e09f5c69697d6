/** CSV as the console's downloads write it (RFC 4180): the API's CSV answers and the web's files. */

export type CsvValue = string | number | boolean | null;

/**
 * One cell: quoted when it holds a comma, quote or line break; a text cell a spreadsheet would
 * read as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header first) as CSV text, CRLF line ends. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return rows
    .map((row) => row.map(csvCell).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** The headers of a CSV download named `filename`, never kept by a shared cache. */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
  };
}
