import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { buttonContrast, MIN_BUTTON_CONTRAST, shownRatio } from "~contract/operator/branding-rules";
import { useTranslation } from "~/platform/i18n-react";

/**
 * The primary colour: a text field (#rrggbb, what works everywhere) and a colour picker beside it;
 * with JavaScript each follows the other and the preview follows both. Its refusal names the ratio.
 */
export function ColorField({
  field,
  previous,
  onColor,
}: {
  field: FieldMetadata<string | undefined>;
  previous: string;
  onColor: (color: string) => void;
}) {
  const { t } = useTranslation();
  const initial = typeof field.initialValue === "string" ? field.initialValue : previous;
  const [typed, setTyped] = useState(initial);
  // A saved draft (the page's new answer) is what the field then holds.
  const [draftColor, setDraftColor] = useState(previous);
  if (draftColor !== previous) {
    setDraftColor(previous);
    setTyped(previous);
  }
  const valid = /^#[0-9a-fA-F]{6}$/.test(typed.trim());
  const invalid = Boolean(field.errors?.length);
  const shown = valid ? typed.trim().toLowerCase() : previous;
  const ratio = shownRatio(buttonContrast(shown));
  const passes = buttonContrast(shown) >= MIN_BUTTON_CONTRAST;
  // Controlled: the picker writes into it too.
  const { defaultValue: _unused, ...textProps } = getInputProps(field, { type: "text", ariaAttributes: false });
  const pickerId = `${field.id}-picker`;
  const hintId = `${field.id}-hint`;
  const ratioId = `${field.id}-ratio`;
  // The preview takes a colour once it could be published (a refused one would make it unreadable).
  const change = (value: string) => {
    setTyped(value);
    const next = value.trim().toLowerCase();
    if (/^#[0-9a-f]{6}$/.test(next) && buttonContrast(next) >= MIN_BUTTON_CONTRAST) onColor(next);
  };
  return (
    <div>
      <input type="hidden" name="previousColor" value={previous} />
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {t("branding.primaryColor")}
      </label>
      <div className="mt-1 flex items-center gap-3">
        <input
          {...textProps}
          key={field.key}
          value={typed}
          onChange={(event) => change(event.currentTarget.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={[hintId, ratioId, invalid ? field.errorId : null].filter(Boolean).join(" ")}
          spellCheck={false}
          className={`block w-36 rounded-md border px-3 py-2 font-mono text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 ${invalid ? "border-red-600" : "border-slate-300"}`}
        />
        <label htmlFor={pickerId} className="sr-only">
          {t("branding.pickColor")}
        </label>
        <input
          id={pickerId}
          type="color"
          name="primaryColorPicker"
          value={shown}
          onChange={(event) => change(event.currentTarget.value)}
          className="h-10 w-14 cursor-pointer rounded border border-slate-300 bg-white"
          data-testid="color-picker"
        />
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t("branding.colorHint", { ratio: MIN_BUTTON_CONTRAST })}
      </p>
      <p id={ratioId} aria-live="polite" className="mt-1 text-sm text-slate-700" data-testid="contrast-ratio">
        {t(passes ? "branding.ratioPasses" : "branding.ratioFails", { ratio, required: MIN_BUTTON_CONTRAST })}
      </p>
      {invalid ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700" data-testid="color-error">
          {t(field.errors![0], {
            color: typed.trim().toLowerCase(),
            ratio: valid ? shownRatio(buttonContrast(typed.trim())) : "?",
            required: MIN_BUTTON_CONTRAST,
          })}
        </p>
      ) : null}
    </div>
  );
}
