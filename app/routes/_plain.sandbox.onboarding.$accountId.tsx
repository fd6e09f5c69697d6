import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { readFormData } from "~/platform/form.server";
import { idParam, requireParams } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { safeRedirectPath } from "~/platform/redirects";
import { Button } from "~/ui/button";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { useIsPending } from "~/ui/use-is-pending";

/** Where the owner goes back to: the console's payouts page unless the onboarding link said (a path of this site). */
const backTo = (value: unknown) => safeRedirectPath(value, "/console/payouts");

/**
 * The sandbox provider's onboarding of an operator's payout account (Stripe's hosted onboarding,
 * mirrored): its owner "completes" it with one button (no form to fill, no money moves), the
 * account takes charges and gets payouts, and the owner goes back to the console. Only the
 * operator's owner, on its storefront; anyone else gets the 404 page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { accountId } = await requireParams(request, params, { accountId: idParam });
  const { token } = await requireUser(request);
  const [account, t] = await Promise.all([
    orNotFound(
      request,
      apiFor(request, { token }).call("sandboxOnboarding", { params: { payoutAccountId: accountId } }),
      "forbidden",
      "account_not_found",
    ),
    i18next.getFixedT(request),
  ]);
  return {
    account,
    returnUrl: backTo(new URL(request.url).searchParams.get("returnUrl")),
    title: t("sandboxOnboarding.title"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

// A refusal's status (a 429's Retry-After) stays on the page's answer.
export { passHeaders as headers } from "~/platform/http.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { accountId } = await requireParams(request, params, { accountId: idParam });
  const { token } = await requireUser(request);
  const form = await readFormData(request);
  await orNotFound(
    request,
    apiFor(request, { token }).call("completeSandboxOnboarding", { params: { payoutAccountId: accountId } }),
    "forbidden",
    "account_not_found",
  );
  return redirect(backTo(form.get("returnUrl")));
}

export default function SandboxOnboarding() {
  const { account, returnUrl, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const completing = useIsPending();
  return (
    <main id="main" className="min-h-screen bg-slate-100 px-4 py-10">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">{t("sandboxOnboarding.hint")}</p>
        <p className="mt-4 text-sm text-slate-600">{t("sandboxOnboarding.for", { name: account.operatorName })}</p>
        <p className="font-mono text-sm" data-testid="sandbox-account-id">
          {account.providerAccountId}
        </p>
        {account.state === "enabled" ? (
          <div className="mt-6">
            <StatusMessage>{t("sandboxOnboarding.done")}</StatusMessage>
            <Link to={returnUrl} className="mt-4 inline-block font-medium text-brand-ink underline">
              {t("sandboxOnboarding.back")}
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6">
            <input type="hidden" name="returnUrl" value={returnUrl} />
            <Button variant="primary" disabled={completing}>
              {t(completing ? "sandboxOnboarding.completing" : "sandboxOnboarding.complete")}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
