import type { LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { adminFoundBookings } from "~contract/platform/outputs";
import type { z } from "zod";
import { listQueryOf, requireAdminPage } from "./admin.server";

/**
 * /admin/support?q=…: the bookings of a reference (WF-…), an email address or a ticket code, each as
 * its operator's console shows it, read-only. Nothing asked yet: the form alone.
 */
export async function loadSupport({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireAdminPage(request);
  const q = listQueryOf(request, ["q"]).filters.q.trim();
  let found: z.infer<typeof adminFoundBookings> | null = null;
  let refused = false;
  if (q) {
    try {
      found = await api.call("adminFindBooking", { query: { q } });
    } catch (error) {
      if (!isApiError(error, "validation_error")) throw error;
      refused = true;
    }
  }
  return { q, found, refused, title: t("admin.support.title") };
}
