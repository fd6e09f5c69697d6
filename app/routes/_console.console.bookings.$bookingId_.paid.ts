export { markPaidAction as action, markPaidLoader as loader } from "~/features/console/staff-booking/mark-paid.server";
