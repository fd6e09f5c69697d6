import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { readFormData } from "~/platform/form.server";
import { passHeaders, requireParams } from "~/platform/http.server";
import { redirect } from "~/platform/redirect.server";
import { useIsPending } from "~/ui/use-is-pending";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { SubmitButton } from "~/ui/form-parts";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { z } from "~/platform/form.server";
import { StatusMessage } from "~/ui/status-message";
import { LinkLine } from "~/ui/link-line";

/** The signed link's token, as the route param (built when asked: `z` is server-only). */
const tokenParam = () => ({ token: z.string().regex(/^[A-Za-z0-9_.-]{1,300}$/) });

/** The unsubscribe link of a reminder, tip or referral email: no sign-in, the link is signed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireParams(request, params, tokenParam());
  const [view, t] = await Promise.all([
    // An invalid link: the 404 page.
    orNotFound(request, apiFor(request).call("unsubscribeLink", { params: { token } })),
    i18next.getFixedT(request),
  ]);
  return { view, title: t("unsubscribe.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { token } = await requireParams(request, params, tokenParam());
  await readFormData(request);
  await orNotFound(request, apiFor(request).call("unsubscribe", { params: { token } }));
  // Back to the link's page, which now says it is done (a reload changes nothing).
  return redirect(new URL(request.url).pathname);
}

// A 429 keeps its Retry-After on the page.
export const headers = passHeaders;

export default function UnsubscribePage() {
  const { view, title } = useLoaderData<typeof loader>();
  const sending = useIsPending();
  const { t } = useTranslation();
  const category = t(`unsubscribe.category_${view.category}`);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {view.subscribed ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-slate-800">{t("unsubscribe.question", { category, email: view.email })}</p>
          <SubmitButton pending={sending} label={t("unsubscribe.confirm")} pendingLabel={t("unsubscribe.confirm")} />
        </Form>
      ) : (
        <StatusMessage>{t("unsubscribe.done", { category, email: view.email })}</StatusMessage>
      )}
      <LinkLine to="/account/notifications" className="mt-4 text-sm text-slate-700">
        {t("unsubscribe.settings")}
      </LinkLine>
    </>
  );
}
