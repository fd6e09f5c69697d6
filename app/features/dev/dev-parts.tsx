import type { InputHTMLAttributes, ReactNode } from "react";
import { Form } from "@remix-run/react";

/** The dev pages' one-field form: a labelled input and its button, side by side. */
export function OneFieldForm({
  method,
  className,
  label,
  submit,
  input,
}: {
  method: "get" | "post";
  className: string;
  label: string;
  submit: string;
  input: Omit<InputHTMLAttributes<HTMLInputElement>, "className">;
}) {
  return (
    <Form method={method} className={className}>
      <label className="text-sm font-medium">
        {label}
        <input {...input} className="mt-1 block rounded-md border border-slate-300 px-3 py-2" />
      </label>
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
        {submit}
      </button>
    </Form>
  );
}

const cell = "border-b border-slate-200 px-2 py-1 text-left";

/** A dev page's plain table: a row of headings, then one row of cells per item. */
export function DevTable({ headings, rows }: { headings: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  return (
    <table className="mt-2 w-full text-sm">
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} className={cell}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((value, index) => (
              <td key={index} className={cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
