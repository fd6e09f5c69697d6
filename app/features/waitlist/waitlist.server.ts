import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNone } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { ID, JoinSchema, WaitlistSchema } from "~/features/waitlist/waitlist-form.server";

/**
 * The traveller's waitlist entries (leave in one click), and the join form for a sold-out
 * departure when the details page links here with `?service=&slot=`.
 */
export async function loadWaitlist({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const query = new URL(request.url).searchParams;
  const serviceId = query.get("service");
  const slotId = query.get("slot");
  const api = apiFor(request, { token });
  const [entries, t] = await Promise.all([api.call("myWaitlist"), i18next.getFixedT(request)]);
  const asked = serviceId && slotId && ID.test(serviceId) && ID.test(slotId) ? { serviceId, slotId } : null;
  // The departure the form is for, named on it (gone, started or closed: no form, and the page says so).
  const departure =
    asked && !entries.some((entry) => entry.slotId === asked.slotId)
      ? await orNone(
          api.call("waitlistDeparture", { params: { slotId: asked.slotId }, query: { serviceId: asked.serviceId } }),
          "slot_not_found",
          "sales_closed",
        )
      : null;
  return withFlash(request, {
    entries,
    join: departure,
    joinGone: asked !== null && departure === null && !entries.some((entry) => entry.slotId === asked.slotId),
    constraint: getZodConstraint(JoinSchema),
    title: t("waitlist.title"),
  });
}

/** Joins a departure's waitlist, or leaves (declines) an entry. */
export async function waitlistAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: WaitlistSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const value = submission.value;
  try {
    const api = apiFor(request, { token });
    if (value.intent === "join") {
      await api.call("joinWaitlist", {
        body: { serviceId: value.serviceId, slotId: value.slotId, seats: value.seats },
      });
    } else {
      await api.call("leaveWaitlist", { params: { entryId: value.entryId } });
    }
  } catch (error) {
    return apiErrorResult(error, submission);
  }
  throw redirect("/account/waitlist", {
    headers: { "Set-Cookie": await setFlash(value.intent === "join" ? "waitlist.joined" : "waitlist.left") },
  });
}
