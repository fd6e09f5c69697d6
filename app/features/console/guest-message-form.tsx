import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { GuestMessageResult } from "~contract/operator/guest-messages";
import { GUEST_MESSAGE_TEMPLATES, type GuestMessageTemplate } from "~contract/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { CheckboxField } from "~/ui/checkbox-field";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { LabelledSelect } from "~/ui/labelled-select";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { TextAreaField } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";

export interface MessageDraft {
  template: GuestMessageTemplate;
  subject: string;
  body: string;
}

/**
 * A message to guests (the booking page's guest, or everyone on a manifest's departure): first a
 * GET form choosing a template (the page comes back with its text filled in: no script needed),
 * then the message form itself, posted natively with `intent=message` and the `hidden` fields.
 * `resultId`: the form result to show (`message`, or `message:<departure id>` on the manifest).
 */
export function GuestMessageForm({
  id,
  resultId,
  draft,
  hidden,
  templateQuery,
  constraint,
  sent,
}: {
  id: string;
  resultId: string;
  draft: MessageDraft;
  hidden: Record<string, string>;
  /** The page's other address fields the template form keeps (the manifest's date, which departure). */
  templateQuery: Record<string, string>;
  constraint?: Record<string, unknown>;
  sent: GuestMessageResult | null;
}) {
  const { t } = useTranslation();
  const lastResult = useFormResult(resultId);
  const validation = useFormValidation(
    () => import("~/features/console/message-schemas"),
    (schemas) => schemas.messageFormSchema,
  );
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: constraint as never,
    defaultValue: { template: draft.template, subject: draft.subject, body: draft.body },
    ...validation,
  });
  const pending = useIsPending();
  return (
    <div data-testid="guest-message">
      {sent ? <MessageOutcome sent={sent} /> : null}
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" data-testid="template-form">
        {Object.entries(templateQuery).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <LabelledSelect
          id={`${id}-template`}
          name="template"
          label={t("desk.messages.template")}
          value={draft.template}
          choices={GUEST_MESSAGE_TEMPLATES.map((template) => ({
            value: template,
            label: t(`desk.messages.templates.${template}.label`),
          }))}
          describedBy={`${id}-template-hint`}
        />
        <button type="submit" className="rounded-md border border-brand px-3 py-2 text-sm font-semibold text-brand">
          {t("desk.messages.useTemplate")}
        </button>
        <p id={`${id}-template-hint`} className="w-full text-sm text-slate-700">
          {t("desk.messages.templateHint")}
        </p>
      </Form>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="message" />
        <input type="hidden" name="template" value={draft.template} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField field={fields.subject} label={t("desk.messages.subject")} />
        <TextAreaField field={fields.body} label={t("desk.messages.body")} rows={6} plain />
        <CheckboxField field={fields.sms} label={t("desk.messages.sms")} className="flex items-center gap-2" />
        <SubmitButton pending={pending} label={t("desk.messages.send")} pendingLabel={t("desk.messages.sending")} />
      </Form>
    </div>
  );
}

/** What a send did: the counts, and each guest not reached on a channel, and why. */
function MessageOutcome({ sent }: { sent: GuestMessageResult }) {
  const { t } = useTranslation();
  return (
    <div data-testid="message-outcome">
      {sent.bookings > 0 ? (
        <StatusMessage>
          {t("desk.messages.sent", { email: sent.email, sms: sent.sms, bookings: sent.bookings })}
        </StatusMessage>
      ) : (
        <AlertMessage>{t("desk.messages.nobodyReached")}</AlertMessage>
      )}
      {sent.skipped.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">{t("desk.messages.skippedHeading")}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800" data-testid="message-skipped">
            {sent.skipped.map((skip) => (
              <li key={`${skip.bookingId}-${skip.channel}`}>
                {t("desk.messages.skippedLine", {
                  guest: skip.guestName,
                  reference: skip.reference,
                  channel: t(`desk.messages.channel_${skip.channel}`),
                  reason: t(`desk.messages.reason_${skip.reason}`),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The outcome the action answered for this form, if it is the last one sent. */
export function useMessageSent(departureId?: string): GuestMessageResult | null {
  const answer = useActionData<{ messageSent?: GuestMessageResult; departureId?: string }>();
  if (!answer?.messageSent) return null;
  if (departureId !== undefined && answer.departureId !== departureId) return null;
  return answer.messageSent;
}
