import { getFormProps, useForm } from "@conform-to/react";
import { Form, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { ColumnHeads } from "~/ui/column-heads";
import { formatDate } from "~/ui/date-format";
import { FormError } from "~/ui/form-parts";
import { IntentButton } from "~/ui/intent-button";
import { TextField } from "~/ui/text-field";
import { useTravellerZone } from "~/ui/traveller-zone";
import { useFormResult } from "~/ui/use-form-result";
import { useSecurityValidation } from "~/features/account/use-security-validation";
import { useHydrated } from "~/ui/use-hydrated";
import { useIsPending } from "~/ui/use-is-pending";
import { usePasskeyCeremony } from "~/features/auth/use-passkey-ceremony";
import { useTwoStep } from "~/features/account/use-two-step";

/**
 * A new passkey (JavaScript: the browser makes it): its name checked first, then the API's options,
 * the browser's dialog, and its answer posted with the name. Without JavaScript the page says so.
 */
function AddPasskey() {
  const { t } = useTranslation();
  const twoStep = useTwoStep();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const name = useRef("");
  const ceremony = usePasskeyCeremony("register", "passkey-options", (response) =>
    submit({ intent: "passkey-add", name: name.current, response }, { method: "post" }),
  );
  const posting = useIsPending({ intent: "passkey-add" });
  const busy = ceremony.state === "working" || posting;
  const [form, fields] = useForm({
    id: "passkey-add",
    lastResult: useFormResult("passkey-add"),
    constraint: twoStep.constraints.passkeyAdd,
    ...useSecurityValidation((schemas) => schemas.PasskeyNameSchema),
    onSubmit(event, { formData }) {
      event.preventDefault();
      name.current = String(formData.get("name") ?? "");
      ceremony.start();
    },
  });
  const failed = ceremony.state === "failed" ? (ceremony.errors ?? ["security.passkeyFailed"]) : undefined;
  const errors = busy ? undefined : (failed ?? form.errors);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
      <FormError errors={errors} id={form.errorId} />
      <noscript>
        <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">{t("security.passkeyNeedsScript")}</p>
      </noscript>
      <input type="hidden" name="intent" value="passkey-add" />
      <TextField field={fields.name} label={t("security.passkeyNewName")} hint={t("security.passkeyNewNameHint")} />
      <Button variant="primary" disabled={!hydrated || busy}>
        {busy ? t("security.passkeyAdding") : t("security.passkeyAdd")}
      </Button>
    </Form>
  );
}

/** One passkey's row: its name, when it was added and last used, and removing it (a fresh check). */
function PasskeyRow({
  passkey,
}: {
  passkey: { id: string; name: string; createdAt: string; lastUsedAt: string | null };
}) {
  const { t, i18n } = useTranslation();
  const zone = useTravellerZone();
  const day = (at: string) => formatDate(at, { timeZone: zone, locale: i18n.language });
  return (
    <tr>
      <td className="py-2 pr-4 font-medium">{passkey.name}</td>
      <td className="py-2 pr-4">{day(passkey.createdAt)}</td>
      <td className="py-2 pr-4">{passkey.lastUsedAt ? day(passkey.lastUsedAt) : t("security.passkeyNever")}</td>
      <td className="py-2 text-right">
        <IntentButton
          intent="passkey-remove"
          formId={`passkey-remove:${passkey.id}`}
          values={{ passkeyId: passkey.id }}
          variant="danger"
          aria-label={t("security.passkeyRemoveLabel", { name: passkey.name })}
        >
          {t("security.passkeyRemove")}
        </IntentButton>
      </td>
    </tr>
  );
}

/** The user's passkeys, and adding one. */
export function Passkeys() {
  const { t } = useTranslation();
  const twoStep = useTwoStep();
  const { passkeys } = twoStep.factors;
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">{t("security.passkeysHint")}</p>
      {passkeys.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("security.passkeysNone")}</p>
      ) : (
        <table className="mt-2 min-w-full text-left text-sm" data-testid="passkeys">
          <caption className="sr-only">{t("security.passkeysHeading")}</caption>
          <ColumnHeads
            className="border-b border-slate-300"
            cell="py-2 pr-4"
            labels={[
              t("security.passkeyName"),
              t("security.passkeyCreated"),
              t("security.passkeyLastUsed"),
              t("security.passkeyActions"),
            ]}
            alignFrom={3}
            alignedCell="py-2 text-right"
          />
          <tbody className="divide-y divide-slate-200">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </tbody>
        </table>
      )}
      <AddPasskey />
    </>
  );
}
