import type { ReactNode } from "react";

/** The cells of a console table whose rows hold forms and several lines: top-aligned, roomy. */
export const ROW_CELL = "py-3 pr-4 align-top";

/**
 * A console table row's first cell (`th scope="row"`): what the row is, and a line under it in
 * plainer type (`sub`, e.g. an email address or an id; `subClassName` for its own type).
 */
export function RowHeader(props: { children: ReactNode; sub?: ReactNode; subClassName?: string }) {
  return (
    <th scope="row" className={`${ROW_CELL} text-left font-medium text-slate-900`}>
      {props.children}
      {props.sub === undefined ? null : (
        <span className={`block break-all font-normal text-slate-700 ${props.subClassName ?? ""}`.trim()}>
          {props.sub}
        </span>
      )}
    </th>
  );
}
