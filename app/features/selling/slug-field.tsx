import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";
import { useHydrated } from "~/ui/use-hydrated";
import type { SlugAnswer } from "./sell.server";

/** How long typing must pause before the address is checked. */
const CHECK_AFTER_MS = 350;

/** What the hint says of the address as typed: the API's last answer for exactly this text. */
function availabilityKey(typed: string, answer: SlugAnswer | undefined, checking: boolean): string | null {
  if (!typed) return null;
  if (checking || answer?.slug !== typed) return "sell.slugChecking";
  if (answer.available === null) return null;
  return answer.available ? "sell.slugAvailable" : `sell.slug_${answer.reason ?? "taken"}`;
}

/**
 * The storefront address (`slug`): the address it gives (`<slug>.<domain>`) under it, and with
 * JavaScript whether it can be had, checked as it is typed (GET /sell/slug, once typing pauses) and
 * read out (the hint is a live region). Submitting checks it again (the API's slug_taken on the field).
 */
export function SlugField({ field, domain }: { field: FieldMetadata<string | undefined>; domain: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SlugAnswer>();
  const [typed, setTyped] = useState(
    String(field.initialValue ?? "")
      .trim()
      .toLowerCase(),
  );
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const { load } = fetcher;
  useEffect(() => {
    clearTimeout(timer.current);
    if (!typed) return;
    timer.current = setTimeout(() => load(`/sell/slug?${new URLSearchParams({ slug: typed })}`), CHECK_AFTER_MS);
    return () => clearTimeout(timer.current);
  }, [typed, load]);
  // Without JavaScript nothing is checked as it is typed: the address only, then the API on submit.
  const hydrated = useHydrated();
  const key = hydrated ? availabilityKey(typed, fetcher.data, fetcher.state !== "idle") : null;
  const address = t("sell.slugAddress", { address: `${typed || t("sell.slugPlaceholder")}.${domain}` });
  const aria = fieldAria(field, true);
  return (
    <FieldFrame
      field={field}
      label={t("sell.slug")}
      hint={key ? `${address} ${t(key)}` : address}
      hintLive
      hintClassName={fetcher.data?.available === false && !field.errors?.length ? "text-red-700" : "text-slate-600"}
    >
      <input
        {...getInputProps(field, { type: "text", ariaAttributes: false })}
        key={field.key}
        {...aria}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setTyped(event.currentTarget.value.trim().toLowerCase())}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm ${aria["aria-invalid"] ? "border-red-600" : "border-slate-300"}`}
      />
    </FieldFrame>
  );
}
