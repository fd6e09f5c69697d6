export { csvLoader as loader } from "~/features/console/bookings/bookings-list.server";
