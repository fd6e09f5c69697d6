import { FieldsetFrame } from "~/ui/fieldset-frame";

/**
 * A checkbox or radio with its label and a hint under it (the hint's id `${id}-hint` describes the
 * control): a setting or one way of several, each saying what it does.
 */
export function HintedChoice({
  id,
  type,
  name,
  value,
  defaultChecked,
  label,
  hint,
  className = "flex items-start gap-2",
  hintClassName,
}: {
  id: string;
  type: "checkbox" | "radio";
  name: string;
  value: string;
  defaultChecked: boolean;
  label: string;
  hint: string;
  className?: string;
  /** The hint's size and colour. */
  hintClassName: string;
}) {
  return (
    <div className={className}>
      <input
        id={id}
        type={type}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-hint`}
        className="mt-1 h-4 w-4"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      </div>
    </div>
  );
}

/**
 * A setting's checkbox on a settings form (posts "on" when ticked): it shows the saved value, and
 * a new saved value from the page resets it (keyed by it), whatever was ticked before.
 */
export function SettingCheckbox({
  id,
  name,
  checked,
  label,
  hint,
}: {
  id: string;
  name: string;
  checked: boolean;
  label: string;
  hint: string;
}) {
  return (
    <HintedChoice
      key={String(checked)}
      id={id}
      type="checkbox"
      name={name}
      value="on"
      defaultChecked={checked}
      label={label}
      hint={hint}
      hintClassName="text-sm text-slate-700"
    />
  );
}

/**
 * One way of several as radios, each with its label and hint, under a legend (FieldsetFrame: the
 * field's first error under them): `field` names them, `checked` is the one chosen, each radio's
 * id `${idPrefix}-${value}`.
 */
export function HintedRadios({
  field,
  legend,
  idPrefix,
  checked,
  choices,
}: {
  field: { name: string; errors?: string[]; errorId: string };
  legend: string;
  idPrefix: string;
  checked: string;
  choices: Array<{ value: string; label: string; hint: string }>;
}) {
  return (
    <FieldsetFrame field={{ errors: field.errors, errorId: field.errorId }} legend={legend} className="mt-2 space-y-2">
      {choices.map((choice) => (
        <HintedChoice
          key={choice.value}
          id={`${idPrefix}-${choice.value}`}
          type="radio"
          name={field.name}
          value={choice.value}
          defaultChecked={checked === choice.value}
          label={choice.label}
          hint={choice.hint}
          hintClassName="text-sm text-slate-700"
        />
      ))}
    </FieldsetFrame>
  );
}
