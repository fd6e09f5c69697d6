export { csvLoader as loader } from "~/features/console/customers/customers.server";
