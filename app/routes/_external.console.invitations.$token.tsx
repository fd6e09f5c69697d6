import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AcceptSchema } from "~/features/console/console-forms.server";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { setFlash } from "~/platform/flash.server";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { accountSlugOf, requireHostContext } from "~/platform/host.server";
import { passHeaders, routeNotFound } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { useRootData } from "~/platform/root-data";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { pageMeta } from "~/ui/meta";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

/** An invitation lives on its operator's storefront only; signed out: sign in first, then back here. */
async function guard(request: Request) {
  if (!accountSlugOf(requireHostContext(request))) throw await routeNotFound(request);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await guard(request);
  const [{ user }, t] = await Promise.all([requireUser(request), i18next.getFixedT(request)]);
  return { email: user.email, title: t("console.invitationTitle") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export const headers = passHeaders;

/** Accepting is one call: the API checks the token, its expiry and the signed-in email. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await guard(request);
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: AcceptSchema });
  try {
    await apiFor(request, { token }).call("operatorAcceptInvitation", { params: { token: params.token ?? "" } });
  } catch (error) {
    return apiErrorResult(error, submission);
  }
  return redirect("/console", { headers: { "Set-Cookie": await setFlash("console.joined") } });
}

export default function InvitationPage() {
  const { email } = useLoaderData<typeof loader>();
  const account = useRootData()?.account;
  const { t } = useTranslation();
  const errors = useFormResult()?.error?.[""] ?? undefined;
  const pending = useIsPending();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.invitationTitle")}</h1>
      <p className="mt-3 text-slate-700">{t("console.invitationText", { name: account?.name ?? "" })}</p>
      <p className="mt-2 text-sm text-slate-700">{t("console.invitationSignedInAs", { email })}</p>
      <Form method="post" className="mt-6 space-y-3">
        <FormError errors={errors} />
        <input type="hidden" name="intent" value="accept" />
        <SubmitButton pending={pending} label={t("console.acceptInvitation")} pendingLabel={t("login.saving")} />
      </Form>
    </>
  );
}
