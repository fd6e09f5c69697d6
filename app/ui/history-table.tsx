import type { ComponentProps } from "react";
import { DataTable } from "~/ui/data-table";
import { LabelledSection } from "~/ui/labelled-section";

type TableProps<Row> = Pick<
  ComponentProps<typeof DataTable<Row>>,
  "rows" | "row" | "empty" | "caption" | "columns" | "alignFrom" | "data-testid"
>;

/**
 * A record of what happened, under its own heading (a booking's refunds, its messages and
 * changes): a plain table of ruled rows, or the `empty` message.
 */
export function HistoryTable<Row>({
  headingId,
  heading,
  className,
  ...table
}: TableProps<Row> & { headingId: string; heading: string; className: string }) {
  return (
    <LabelledSection
      headingId={headingId}
      heading={heading}
      headingClassName="text-lg font-semibold text-brand-ink"
      className={className}
    >
      <DataTable
        {...table}
        className="mt-2"
        emptyClassName="mt-2 text-sm text-slate-700"
        headClassName=""
        headCell="pb-1 pr-3 font-medium"
        tableClassName="w-full text-left text-sm"
        bodyClassName=""
      />
    </LabelledSection>
  );
}
