import { FieldFrame } from "~/ui/field-frame";

/** A select's choices, each its value and its words. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/**
 * A labelled <select> outside conform (a GET filter form, whose URL carries the value; a row's own
 * small form): `unset` first (choosing nothing, value ""), when given, then the choices.
 */
export function LabelledSelect({
  id,
  name,
  label,
  value,
  choices,
  unset,
  width,
  describedBy,
  className,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  unset?: string;
  /** The select's width, when it has one. */
  width?: string;
  /** The id of what describes it (a hint), when something does. */
  describedBy?: string;
  /** The frame's classes (its place in a row), when it has any. */
  className?: string;
}) {
  return (
    <FieldFrame field={{ id, errorId: `${id}-error` }} label={label} className={className}>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-describedby={describedBy}
        className={`mt-1 block max-w-full ${width ? `${width} ` : ""}rounded-md border border-slate-300 px-3 py-2 text-base`}
      >
        {unset !== undefined ? <option value="">{unset}</option> : null}
        <SelectOptions options={choices} />
      </select>
    </FieldFrame>
  );
}
