import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { formatDate } from "~/ui/date-format";
import { FormError } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { TextField } from "~/ui/text-field";
import { useTravellerZone } from "~/ui/traveller-zone";
import { useFormErrors, useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useHydrated } from "~/ui/use-hydrated";
import { useIsPending } from "~/ui/use-is-pending";
import { usePasskeyCeremony } from "~/features/auth/use-passkey-ceremony";
import type { loadSecurity } from "~/features/account/security.server";

/**
 * A new passkey (JavaScript: the browser makes it): its name checked first, then the API's options,
 * the browser's dialog, and its answer posted with the name. Without JavaScript the page says so.
 */
function AddPasskey() {
  const { t } = useTranslation();
  const { twoStep } = useLoaderData<typeof loadSecurity>();
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
    ...useFormValidation(
      () => import("~/features/account/security-schemas"),
      (schemas) => schemas.PasskeyNameSchema,
    ),
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
  const formId = `passkey-remove:${passkey.id}`;
  const errors = useFormErrors(formId);
  const removing = useIsPending({ intent: "passkey-remove" });
  const day = (at: string) => formatDate(at, { timeZone: zone, locale: i18n.language });
  return (
    <tr>
      <td className="py-2 pr-4 font-medium">{passkey.name}</td>
      <td className="py-2 pr-4">{day(passkey.createdAt)}</td>
      <td className="py-2 pr-4">{passkey.lastUsedAt ? day(passkey.lastUsedAt) : t("security.passkeyNever")}</td>
      <td className="py-2 text-right">
        <IntentForm intent="passkey-remove" values={{ passkeyId: passkey.id }} errors={errors}>
          <Button
            variant="danger"
            disabled={removing}
            aria-label={t("security.passkeyRemoveLabel", { name: passkey.name })}
          >
            {t("security.passkeyRemove")}
          </Button>
        </IntentForm>
      </td>
    </tr>
  );
}

/** The user's passkeys, and adding one. */
export function Passkeys() {
  const { t } = useTranslation();
  const { twoStep } = useLoaderData<typeof loadSecurity>();
  const { passkeys } = twoStep.factors;
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">{t("security.passkeysHint")}</p>
      {passkeys.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("security.passkeysNone")}</p>
      ) : (
        <table className="mt-2 min-w-full text-left text-sm" data-testid="passkeys">
          <caption className="sr-only">{t("security.passkeysHeading")}</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-2 pr-4">
                {t("security.passkeyName")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("security.passkeyCreated")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("security.passkeyLastUsed")}
              </th>
              <th scope="col" className="py-2 text-right">
                <span className="sr-only">{t("security.passkeyActions")}</span>
              </th>
            </tr>
          </thead>
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
