import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { buttonContrast, MIN_BUTTON_CONTRAST, shownRatio } from "~contract/branding-rules";
import type { BrandingView } from "~contract/operator-branding";
import { MAX_PHOTO_BYTES } from "~contract/picture";
import { BRANDING_SCHEMAS, isBrandingIntent, type BrandingIntent } from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { readFormOrUpload } from "~/platform/upload.server";
import { BrandLogo } from "~/ui/brand-logo";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";

/** What the logo may be: the API reads the bytes; this only filters the file picker (no SVG). */
const ACCEPT = "image/png,image/webp,image/jpeg,image/avif";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ api }, t] = await Promise.all([
    requireConsoleAbility(request, "manageBranding"),
    i18next.getFixedT(request),
  ]);
  const branding = await api.call("operatorGetBranding");
  const constraints = { save: getZodConstraint(BRANDING_SCHEMAS.save), logo: getZodConstraint(BRANDING_SCHEMAS.logo) };
  // A fresh key per page answer: the logo form sent twice uploads the logo once.
  return withFlash(request, { branding, constraints, idempotencyKey: crypto.randomUUID(), title: t("branding.title") });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// The API's status (422 for a colour, 413, 415) stays on the page's answer.
export const headers = passHeaders;

const FLASH: Record<BrandingIntent, string> = {
  save: "branding.saved",
  logo: "branding.logoUploaded",
  removeLogo: "branding.logoRemoved",
  publish: "branding.published",
};

/**
 * The colour typed (the text field) or picked (the colour input): whichever the person changed
 * from the draft's (`previousColor`), the text when both were.
 */
function chosenColor(formData: FormData): void {
  const [text, picked, previous] = ["primaryColor", "primaryColorPicker", "previousColor"].map((name) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim().toLowerCase() : "";
  });
  if (picked && picked !== previous && text === previous) formData.set("primaryColor", picked);
}

/** Each form posts here with its intent; the logo is multipart (its file streamed, capped at 10 MB). */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api } = await requireConsoleAbility(request, "manageBranding");
  const formData = await readFormOrUpload(request, MAX_PHOTO_BYTES);
  if (formData === null) {
    // Nothing more of the file is read: the page says why, on the file field.
    const submission = parseWithZod(new FormData(), { schema: BRANDING_SCHEMAS.logo });
    return formResult(submission.reply({ fieldErrors: { file: ["branding.logoTooLarge"] } }), {
      intent: "logo",
      status: 413,
    });
  }
  const intent = formData.get("intent");
  if (!isBrandingIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  if (intent === "save") chosenColor(formData);
  const submission = parseWithZod(formData, { schema: BRANDING_SCHEMAS[intent] });
  if (submission.status !== "success") {
    // A colour the button text cannot be read on is refused as the API would: 422.
    const contrast = submission.error?.primaryColor?.includes("branding.contrastTooLow");
    return formResult(submission.reply(), { intent, status: contrast ? 422 : 400 });
  }
  const value = submission.value as z.output<(typeof BRANDING_SCHEMAS)[BrandingIntent]>;
  try {
    switch (value.intent) {
      case "save":
        await api.call("operatorUpdateBranding", {
          body: {
            name: value.name,
            tagline: value.tagline,
            primaryColor: value.primaryColor,
            supportEmail: value.supportEmail,
            supportPhone: value.supportPhone,
          },
        });
        break;
      case "logo":
        await api.call("operatorUploadLogo", {
          headers: { "Idempotency-Key": value.idempotencyKey },
          body: { file: value.file },
        });
        break;
      case "removeLogo":
        await api.call("operatorRemoveLogo");
        break;
      case "publish":
        await api.call("operatorPublishBranding");
        break;
    }
  } catch (error) {
    return apiErrorResult(error, submission, {
      codes: {
        contrast_too_low:
          intent === "save"
            ? { field: "primaryColor", key: "branding.contrastTooLow" }
            : { key: "branding.publishContrastTooLow" },
        unsupported_media_type: { field: "file", key: "branding.logoUnsupported" },
        payload_too_large: { field: "file", key: "branding.logoTooLarge" },
        image_too_large: { field: "file", key: "branding.logoTooManyPixels" },
      },
      fields: {
        name: "branding.nameRequired",
        tagline: "branding.taglineTooLong",
        supportEmail: "branding.emailInvalid",
        supportPhone: "branding.phoneInvalid",
      },
      intent,
    });
  }
  return redirect("/console/branding", { headers: { "Set-Cookie": await setFlash(FLASH[intent]) } });
}

/** The Branding page: the draft's form, its logo, a preview of the storefront with it, and Publish. */
export default function BrandingPage() {
  const { branding, flash } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [color, setColor] = useState(branding.draft.primaryColor);
  useEffect(() => setColor(branding.draft.primaryColor), [branding.draft.primaryColor]);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("branding.heading")}</h1>
      <p className="mt-1 max-w-2xl text-slate-700">{t("branding.intro")}</p>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div className="space-y-8">
          <section aria-labelledby="draft-heading" className="rounded-xl border border-slate-200 p-4">
            <h2 id="draft-heading" className="text-lg font-semibold text-brand-ink">
              {t("branding.draftHeading")}
            </h2>
            <DraftForm draft={branding.draft} onColor={setColor} />
          </section>
          <section aria-labelledby="logo-heading" className="rounded-xl border border-slate-200 p-4">
            <h2 id="logo-heading" className="text-lg font-semibold text-brand-ink">
              {t("branding.logoHeading")}
            </h2>
            <LogoForms draft={branding.draft} />
          </section>
        </div>
        <div className="space-y-8">
          <Preview draft={branding.draft} color={color} />
          <PublishForm unpublished={branding.unpublished} />
        </div>
      </div>
    </>
  );
}

function DraftForm({ draft, onColor }: { draft: BrandingView; onColor: (color: string) => void }) {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: "branding-save",
    lastResult: useFormResult("save"),
    defaultValue: {
      name: draft.name,
      tagline: draft.tagline,
      primaryColor: draft.primaryColor,
      supportEmail: draft.supportEmail ?? "",
      supportPhone: draft.supportPhone ?? "",
    },
    constraint: constraints.save,
    shouldRevalidate: "onInput",
    ...useFormValidation(
      () => import("~/features/console/branding-schemas"),
      (schemas) => schemas.SaveSchema,
    ),
  });
  const pending = useIsPending({ intent: "save" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="save" />
      <TextField field={fields.name} label={t("branding.name")} autoComplete="organization" />
      <TextField field={fields.tagline} label={t("branding.tagline")} hint={t("branding.taglineHint")} />
      <ColorField field={fields.primaryColor} previous={draft.primaryColor} onColor={onColor} />
      <TextField field={fields.supportEmail} type="email" label={t("branding.supportEmail")} autoComplete="off" />
      <TextField
        field={fields.supportPhone}
        type="tel"
        label={t("branding.supportPhone")}
        hint={t("branding.supportPhoneHint")}
        autoComplete="off"
      />
      <SubmitButton pending={pending} label={t("branding.save")} pendingLabel={t("branding.saving")} />
    </Form>
  );
}

/**
 * The primary colour: a text field (#rrggbb, what works everywhere) and a colour picker beside it;
 * with JavaScript each follows the other and the preview follows both. Its refusal names the ratio.
 */
function ColorField({
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

/**
 * The draft's logo and the upload form: its key is the page answer's, so sending it twice uploads
 * once; once the logo is in the draft the form starts again, empty (formVersion), with JavaScript too.
 */
function LogoForms({ draft }: { draft: BrandingView }) {
  const { t } = useTranslation();
  const { constraints, idempotencyKey } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: `branding-logo-${formVersion([draft.logoUrl])}`,
    lastResult: useFormResult("logo"),
    constraint: constraints.logo,
    ...useFormValidation(
      () => import("~/features/console/branding-schemas"),
      (schemas) => schemas.LogoSchema,
    ),
  });
  const pending = useIsPending({ intent: "logo" });
  const removing = useIsPending({ intent: "removeLogo" });
  const file = fields.file as FieldMetadata<File | undefined>;
  const hintId = `${file.id}-hint`;
  return (
    <>
      {draft.logoUrl ? (
        <div className="mt-3 flex items-center gap-4 rounded-md bg-slate-100 p-3" data-testid="draft-logo">
          <BrandLogo logoUrl={draft.logoUrl} name={draft.name} />
          <Form method="post">
            <input type="hidden" name="intent" value="removeLogo" />
            <button
              type="submit"
              disabled={removing}
              className="text-sm font-medium text-red-700 underline hover:text-red-900 disabled:opacity-60"
            >
              {t("branding.removeLogo")}
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t("branding.noLogo")}</p>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="logo" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div>
          <label htmlFor={file.id} className="block text-sm font-medium text-slate-800">
            {t("branding.logoFile")}
          </label>
          <input
            {...getInputProps(file, { type: "file", ariaAttributes: false })}
            key={file.key}
            accept={ACCEPT}
            aria-invalid={file.errors?.length ? true : undefined}
            aria-describedby={[hintId, file.errors?.length ? file.errorId : null].filter(Boolean).join(" ")}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
          />
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            {t("branding.logoHint")}
          </p>
          <FieldError field={file} />
        </div>
        <SubmitButton pending={pending} label={t("branding.uploadLogo")} pendingLabel={t("branding.uploading")} />
      </Form>
    </>
  );
}

/**
 * The storefront's header, hero, a card and a button with the DRAFT (server-rendered: the saved
 * draft; with JavaScript the colour follows the field as it is typed or picked).
 */
function Preview({ draft, color }: { draft: BrandingView; color: string }) {
  const { t } = useTranslation();
  const n = Number.parseInt(color.slice(1), 16);
  const style = { "--brand-primary": `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}` } as React.CSSProperties;
  return (
    <section aria-labelledby="preview-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="preview-heading" className="text-lg font-semibold text-brand-ink">
        {t("branding.previewHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("branding.previewIntro")}</p>
      <div style={style} className="mt-3 overflow-hidden rounded-lg border border-slate-200" data-testid="preview">
        <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
          <span className="font-semibold text-brand-ink" data-testid="preview-brand">
            {draft.logoUrl ? <BrandLogo logoUrl={draft.logoUrl} name={draft.name} /> : draft.name}
          </span>
          <span className="text-sm text-slate-700">{t("nav.explore")}</span>
        </div>
        <div className="bg-brand px-4 py-6 text-white">
          <p className="text-xl font-bold">{t("home.storefrontHeading", { name: draft.name })}</p>
          {draft.tagline ? <p className="mt-1 text-white">{draft.tagline}</p> : null}
        </div>
        <div className="p-4">
          <div className="max-w-xs rounded-lg border border-slate-200 p-4 shadow-sm">
            <p className="font-semibold text-brand-ink">{t("branding.previewCardTitle")}</p>
            <p className="mt-1 text-sm text-slate-700">{t("branding.previewCardText")}</p>
            <span
              className="mt-3 inline-block rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white"
              data-testid="preview-button"
            >
              {t("branding.previewButton")}
            </span>
          </div>
          {draft.supportEmail || draft.supportPhone ? (
            <p className="mt-3 text-sm text-slate-700">
              {t("branding.previewSupport")} {[draft.supportEmail, draft.supportPhone].filter(Boolean).join(" · ")}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function PublishForm({ unpublished }: { unpublished: boolean }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "publish" });
  const result = useFormResult("publish");
  return (
    <section aria-labelledby="publish-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="publish-heading" className="text-lg font-semibold text-brand-ink">
        {t("branding.publishHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="publish-state">
        {t(unpublished ? "branding.unpublished" : "branding.upToDate")}
      </p>
      <Form method="post" className="mt-3">
        <FormError errors={result?.error?.[""] ?? undefined} id="branding-publish-error" />
        <input type="hidden" name="intent" value="publish" />
        <SubmitButton pending={pending} label={t("branding.publish")} pendingLabel={t("branding.publishing")} />
      </Form>
    </section>
  );
}
