import type { MetaFunction } from "@remix-run/node";
import type { loadStaffBookingPage } from "~/features/console/staff-booking/staff-booking.server";
import { StaffBookingPage } from "~/features/console/staff-booking/staff-booking-page";
import { pageMeta } from "~/ui/meta";

export {
  loadStaffBookingPage as loader,
  staffBookingAction as action,
} from "~/features/console/staff-booking/staff-booking.server";

export const meta: MetaFunction<typeof loadStaffBookingPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default StaffBookingPage;
