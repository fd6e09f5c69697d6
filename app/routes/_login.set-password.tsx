import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewPasswordForm } from "~/features/auth/new-password-form";
import { ConfirmEmailForm } from "~/features/auth/confirm-email-form";
import type { loadSetPassword } from "~/features/auth/set-password.server";
import { pageMeta } from "~/ui/meta";
import { FunnelHeader } from "~/features/booking/funnel-steps";

export { loadSetPassword as loader, setPasswordAction as action } from "~/features/auth/set-password.server";

export const meta: MetaFunction<typeof loadSetPassword> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default function SetPasswordPage() {
  const { mode, title, funnel } = useLoaderData<typeof loadSetPassword>();
  return (
    <>
      <FunnelHeader funnel={funnel} current="signIn" />
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {mode === "set" ? (
        <NewPasswordForm intent="set" hint="login.setPasswordHint" submitLabel="login.savePassword" />
      ) : (
        <ConfirmEmailForm />
      )}
    </>
  );
}
