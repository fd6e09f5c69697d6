import { isApiError } from "~contract/errors";
import type { CheckInAction } from "~contract/operator-manifest";
import { apiErrorKey } from "~/platform/api-errors.server";
import type { ConsoleCaller } from "./console.server";

/** The day's manifest, or today's when the date asked for does not exist (`invalidDate`). */
export async function loadManifest(api: ConsoleCaller["api"], date: string | undefined) {
  try {
    return { manifest: await api.call("operatorManifest", { query: { date } }), invalidDate: false };
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    return { manifest: await api.call("operatorManifest"), invalidDate: true };
  }
}

const DONE = { checked_in: "manifest.checkedInDone", no_show: "manifest.noShowDone", reset: "manifest.resetDone" };
const ERRORS: Record<string, string> = {
  booking_not_confirmed: "manifest.errorNotConfirmed",
  guest_not_found: "manifest.errorGuest",
  booking_not_found: "manifest.errorBooking",
  not_assigned: "manifest.errorNotYours",
};

/** A check-in from the manifest: the message to show (a locale key) and the API's status. */
export async function checkInFromManifest(
  api: ConsoleCaller["api"],
  input: { bookingId: string; guestNo: number | "all"; status: CheckInAction },
): Promise<{ message: string; status: number }> {
  try {
    await api.call("operatorUpdateCheckIn", {
      params: { bookingId: input.bookingId },
      body: { guestNo: input.guestNo, status: input.status },
    });
    return { message: DONE[input.status], status: 200 };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    return { message: ERRORS[error.code] ?? apiErrorKey(error), status: error.status };
  }
}
