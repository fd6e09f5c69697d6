import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";
import { apiFor } from "~/platform/api.server";
import { InviteFriends } from "~/features/referrals/invite-friends";
import { useRootData } from "~/platform/root-data";
import { ApplicationStatusCard } from "~/features/selling/application-status";
import { applicationStatusView } from "~/features/selling/application-status.server";

// The signed-in user's name and email come with the root's data (a page gets each fact once).
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const api = apiFor(request, { token });
  const [referral, { application }, t] = await Promise.all([
    api.call("myReferral"),
    api.call("myOperatorApplication"),
    i18next.getFixedT(request),
  ]);
  return { referral, application: applicationStatusView(request, application), title: t("account.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export default function Page() {
  const { referral, application } = useLoaderData<typeof loader>();
  const user = useRootData()?.user;
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("account.title")}</h1>
      <p className="mt-2 text-slate-700">{user?.email}</p>
      {/* An application to sell (issue 44): its status, and once approved the way to the console. */}
      {application ? <ApplicationStatusCard application={application} /> : null}
      <InviteFriends referral={referral} />
    </>
  );
}
