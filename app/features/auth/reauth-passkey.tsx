import { useSubmit } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { FormError } from "~/ui/form-parts";
import { REAUTH_PASSKEY, REAUTH_PASSKEY_OPTIONS, type ReauthAnswer } from "./reauth";
import { usePasskeyCeremony } from "./use-passkey-ceremony";

/** The posted values again, with the check's own fields. */
function formOf(values: Array<[string, string]>, more: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of values) form.append(name, value);
  for (const [name, value] of Object.entries(more)) form.append(name, value);
  return form;
}

/** "Use a passkey" instead of a code (JavaScript): the original values posted again with its answer. */
export default function PasskeyInstead({ reauth }: { reauth: ReauthAnswer["reauth"] }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const ceremony = usePasskeyCeremony("authenticate", REAUTH_PASSKEY_OPTIONS, (response) =>
    submit(formOf(reauth.values, { [REAUTH_PASSKEY]: response }), { method: "post" }),
  );
  const failed = ceremony.state === "failed" ? (ceremony.errors ?? ["twoStep.passkeyFailed"]) : undefined;
  return (
    <div className="mt-3 space-y-2">
      <FormError errors={failed} />
      <Button
        type="button"
        disabled={ceremony.state === "working"}
        onClick={() => ceremony.start(formOf(reauth.values, { [REAUTH_PASSKEY_OPTIONS]: "1" }))}
      >
        {ceremony.state === "working" ? t("twoStep.passkeyWorking") : t("twoStep.passkeyButton")}
      </Button>
    </div>
  );
}
