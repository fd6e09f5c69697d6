import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { CheckInSettings } from "~contract/operator/check-in";
import { CANCELLATION_CUTOFF_CHOICES } from "~contract/operator/cancellation-rules";
import { CameraScanner } from "~/features/tickets/camera-scanner";
import { CheckInResult } from "~/features/tickets/check-in-result";
import type { getZodConstraint } from "~/platform/form.server";
import { useTranslation } from "~/platform/i18n-react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { LabelledSection } from "~/ui/labelled-section";
import { LabelledSelect } from "~/ui/labelled-select";
import { StatusMessage } from "~/ui/status-message";
import type { FormResult } from "~/platform/form-result";
import { useHydrated } from "~/ui/use-hydrated";
import { useIsPending } from "~/ui/use-is-pending";
import type { loadCheckInPage, ScanResult } from "~/features/console/check-in.server";

export function CheckInPage() {
  const { idempotencyKey, settings, timeZone, constraints, flash } = useLoaderData<typeof loadCheckInPage>();
  const actionData = useActionData<ScanResult | FormResult>();
  const fetcher = useFetcher<ScanResult | FormResult>();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const typed = actionData && "answer" in actionData ? actionData : undefined;
  const scanned = fetcher.data && "answer" in fetcher.data ? fetcher.data : undefined;
  // The newest answer: the camera's while it is being used, else the typed one.
  const latest = fetcher.state === "idle" && scanned ? scanned : typed;
  const resultRef = useRef<HTMLElement>(null);
  // A typed code's answer takes the focus (the page was reloaded or re-rendered for it).
  useEffect(() => {
    if (typed) resultRef.current?.focus();
  }, [typed]);

  const onCode = (code: string) => {
    const body = new FormData();
    body.set("intent", "scan");
    body.set("code", code);
    body.set("idempotencyKey", crypto.randomUUID());
    fetcher.submit(body, { method: "post" });
  };

  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("tickets.pageTitle")}</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">{t("tickets.intro")}</p>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div className="space-y-8">
          <LabelledSection
            headingId="type-heading"
            heading={t("tickets.typeHeading")}
            headingClassName={HEADING}
            className="rounded-xl border border-slate-200 p-4"
          >
            <ScanForm idempotencyKey={idempotencyKey} constraints={constraints.scan} />
          </LabelledSection>
          {hydrated ? (
            // The camera needs JavaScript: without it, the page is the typed form only.
            <LabelledSection
              headingId="camera-heading"
              heading={t("tickets.scanCamera")}
              headingClassName={HEADING}
              className="rounded-xl border border-slate-200 p-4"
              data-testid="camera-section"
            >
              <div className="mt-3">
                <CameraScanner onCode={onCode} />
              </div>
            </LabelledSection>
          ) : null}
        </div>
        <div aria-live="polite" data-testid="check-in-live">
          {fetcher.state !== "idle" ? <p className="text-sm text-slate-700">{t("tickets.scanning")}</p> : null}
          {latest ? (
            <CheckInResult ref={resultRef} answer={latest.answer} code={latest.code} timeZone={timeZone} />
          ) : null}
        </div>
      </div>
      {settings ? <SettingsForm settings={settings} /> : null}
    </>
  );
}

function ScanForm({
  idempotencyKey,
  constraints,
}: {
  idempotencyKey: string;
  constraints: ReturnType<typeof getZodConstraint>;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<FormResult>();
  const lastResult = actionData?.intent === "scan" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "scan",
    lastResult,
    constraint: constraints,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending({ intent: "scan" });
  return (
    // Without JavaScript, the answer's page opens at the result (the fragment); with it, the focus goes there.
    <Form method="post" action="/console/check-in#check-in-result" {...getFormProps(form)} className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="scan" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <FieldFrame field={fields.code} label={t("tickets.codeField")} hint={t("tickets.codeHint")}>
        <input
          {...getInputProps(fields.code, { type: "text", ariaAttributes: false })}
          key={fields.code.key}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...fieldAria(fields.code, true)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-base uppercase tracking-wider shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40"
        />
      </FieldFrame>
      <FieldFrame field={fields.guests} label={t("tickets.guestsField")} hint={t("tickets.guestsHint")}>
        <input
          {...getInputProps(fields.guests, { type: "number", ariaAttributes: false })}
          key={fields.guests.key}
          inputMode="numeric"
          {...fieldAria(fields.guests, true)}
          className="mt-1 block w-32 rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40"
        />
      </FieldFrame>
      <FormError errors={form.errors} id={form.errorId} />
      <SubmitButton pending={pending} label={t("tickets.submit")} pendingLabel={t("tickets.scanning")} />
    </Form>
  );
}

/** One setting's checkbox, its words beside it (a new saved value resets it). */
function SettingBox({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} key={String(checked)} className="mt-1 h-4 w-4" />
      <span>{label}</span>
    </label>
  );
}

/**
 * The free-cancellation window: the console's choices, and the saved value when it is another
 * (set before these choices, or through the API).
 */
function CutoffSelect({ hours }: { hours: number }) {
  const { t } = useTranslation();
  const choices = [...new Set<number>([...CANCELLATION_CUTOFF_CHOICES, hours])].sort((a, b) => a - b);
  return (
    <div key={hours}>
      <LabelledSelect
        id="cancellationCutoffHours"
        name="cancellationCutoffHours"
        label={t("cancellationPolicy.label")}
        value={String(hours)}
        choices={choices.map((choice) => ({
          value: String(choice),
          label:
            choice === 0 ? t("cancellationPolicy.untilStart") : t("cancellationPolicy.hoursBefore", { count: choice }),
        }))}
        width="w-auto"
        describedBy="cancellationCutoffHours-hint"
      />
      <p id="cancellationCutoffHours-hint" className="mt-1 text-sm text-slate-700">
        {t("cancellationPolicy.hint")}
      </p>
    </div>
  );
}

function SettingsForm({ settings }: { settings: CheckInSettings }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "settings" });
  return (
    <LabelledSection
      headingId="settings-heading"
      heading={t("tickets.settingsHeading")}
      headingClassName={HEADING}
      className="mt-8 max-w-2xl rounded-xl border border-slate-200 p-4"
    >
      <p className="mt-1 text-sm text-slate-700" data-testid="check-in-setting">
        {settings.requireCheckIn ? t("tickets.settingsOn") : t("tickets.settingsOff")}
      </p>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="settings" />
        <SettingBox name="requireCheckIn" checked={settings.requireCheckIn} label={t("tickets.requireCheckIn")} />
        <SettingBox
          name="rescheduleRefunds"
          checked={settings.rescheduleRefunds}
          label={t("reschedule.refundsSetting")}
        />
        <CutoffSelect hours={settings.cancellationCutoffHours} />
        <div className="w-48">
          <SubmitButton pending={pending} label={t("tickets.saveSettings")} pendingLabel={t("tickets.scanning")} />
        </div>
      </Form>
    </LabelledSection>
  );
}

const HEADING = "text-lg font-semibold text-brand-ink";
