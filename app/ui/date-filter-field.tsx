import { FieldFrame } from "~/ui/field-frame";

/**
 * A labelled date (or month) input of a GET form (the manifest's day, the reports' range, a
 * reseller's statement month): the URL carries the value, so it works without JavaScript and can
 * be bookmarked. A browser without a month picker shows a text field asking for YYYY-MM.
 */
export function DateFilterField({
  id,
  name,
  label,
  value,
  required,
  type = "date",
}: {
  type?: "date" | "month";
  id: string;
  name: string;
  label: string;
  value: string;
  required?: boolean;
}) {
  return (
    <FieldFrame field={{ id, errorId: `${id}-error` }} label={label}>
      <input
        id={id}
        type={type}
        name={name}
        {...(type === "month" ? { pattern: "[0-9]{4}-[0-9]{2}", placeholder: "YYYY-MM" } : {})}
        defaultValue={value}
        required={required}
        className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-base"
      />
    </FieldFrame>
  );
}
