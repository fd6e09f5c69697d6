import { FieldFrame } from "~/ui/field-frame";

/**
 * A labelled date input of a GET filter form (the manifest's day, the reports' range): the page's
 * URL carries the value, so it works without JavaScript and can be bookmarked.
 */
export function DateFilterField({
  id,
  name,
  label,
  value,
  required,
}: {
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
        type="date"
        name={name}
        defaultValue={value}
        required={required}
        className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-base"
      />
    </FieldFrame>
  );
}
