import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewPasswordForm } from "~/features/auth/new-password-form";
import { ConfirmEmailForm } from "~/features/auth/confirm-email-form";
import { loadSetPassword, setPasswordAction } from "~/features/auth/set-password.server";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";
import { FunnelHeader } from "~/features/booking/funnel-steps";

export async function loader(args: LoaderFunctionArgs) {
  return loadSetPassword(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action(args: ActionFunctionArgs) {
  return setPasswordAction(args);
}

export default function SetPasswordPage() {
  const { mode, title, funnel } = useLoaderData<typeof loader>();
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
