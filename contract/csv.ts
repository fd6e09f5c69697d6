/** CSV as the console's downloads write it (RFC 4180): the API's CSV answers and the web's files. */
import { minorUnitDigits, toMajorUnits } from "./money";
import { zonedParts } from "./time-zones";

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

/**
 * An instant as a CSV cell, in the local time of the zone it belongs to and naming it:
 * "2026-12-02 22:30 America/Denver" (a spreadsheet reads the date and time; the zone says where).
 */
export function csvLocalTime(at: string | Date, timeZone: string): string {
  const { year, month, day, hour, minute } = zonedParts(at instanceof Date ? at : new Date(at), timeZone);
  return `${year}-${month}-${day} ${hour}:${minute} ${timeZone}`;
}

/** An amount as a CSV cell: major units and the currency, "40.00 USD" ("-12.50 EUR", "1500 JPY"). */
export function csvMoney(amountMinor: number, currency: string): string {
  const major = toMajorUnits(Math.abs(amountMinor), minorUnitDigits(currency));
  return `${amountMinor < 0 ? "-" : ""}${major} ${currency}`;
}
