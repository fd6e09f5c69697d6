import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Link, useLoaderData } from "@remix-run/react";
import { WaiverForm } from "~/features/auth/waiver-form";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { stepOf } from "~/features/auth/account-param";
import { apiFor, isApiError } from "~/platform/api.server";
import { apiErrorResult, orNotFound } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";
import { bookingFunnel } from "~/features/booking/funnel.server";
import { FunnelHeader, waiverStep } from "~/features/booking/funnel-steps";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { WaiverSignSchema } from "~/features/auth/auth-forms.server";
import { formatDate, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { StatusMessage } from "~/ui/status-message";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  const { redirectUrl, account } = stepOf(request);
  // An operator in the address (`?account=`) that does not exist: a bad link, the 404 page.
  const [waiver, t, funnel] = await Promise.all([
    orNotFound(request, apiFor(request, { token, accountSlug: account }).call("waiver")),
    i18next.getFixedT(request),
    bookingFunnel(request, redirectUrl, token),
  ]);
  return {
    waiver,
    redirectUrl,
    funnel,
    // The platform's waiver, or the operator's own (a step of its own when there are two).
    step: funnel ? waiverStep(funnel.steps, account) : "waiver",
    // The signature must be the profile's full name (the API checks it): given to the signer up front.
    fullName: [user.firstName, user.lastName].filter(Boolean).join(" "),
    title: t("waiver.title"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** The API checks the signature against the profile's full name. */
const NAME_REFUSED = { signedName: "waiver.nameMismatch" };

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireToken(request);
  const { redirectUrl, account } = stepOf(request);
  const submission = parseWithZod(await readFormData(request), { schema: WaiverSignSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  try {
    await apiFor(request, { token, accountSlug: account }).call("signWaiver", {
      body: { signedName: submission.value.signedName, agree: true, textVersion: submission.value.textVersion },
    });
  } catch (error) {
    // The waiver text changed while it was open: show the new text to read and sign.
    if (isApiError(error, "waiver_version_changed")) throw redirect(request.url);
    return apiErrorResult(error, submission, { fields: NAME_REFUSED });
  }
  throw redirect(redirectUrl);
}

export default function WaiverPage() {
  const { waiver, redirectUrl, title, fullName, funnel, step } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <>
      <FunnelHeader funnel={funnel} current={step} />
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {waiver.accountName} · {t("waiver.version", { version: waiver.textVersion })}
      </p>
      {waiver.isSigned ? null : <p className="mt-4 text-sm text-slate-700">{t("waiver.hint")}</p>}
      <div
        className="mt-4 max-h-72 overflow-y-auto whitespace-pre-line rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
        tabIndex={0}
        role="region"
        aria-label={title}
      >
        {waiver.text}
      </div>
      {waiver.isSigned && waiver.signedAt ? (
        <>
          <StatusMessage>
            {t("waiver.signed", {
              date: formatDate(waiver.signedAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language }),
              name: waiver.signedName,
            })}
          </StatusMessage>
          <Link to={redirectUrl} className="mt-4 inline-block font-medium text-brand underline">
            {t("waiver.continue")}
          </Link>
        </>
      ) : (
        // One form per waiver: signing the platform's leads to the operator's on this same route,
        // whose form must open empty (a kept form would carry the name typed and the box ticked).
        <WaiverForm
          key={`${waiver.accountName}\n${waiver.textVersion}`}
          textVersion={waiver.textVersion}
          fullName={fullName}
        />
      )}
    </>
  );
}
