import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingsListPage } from "~/features/console/bookings/bookings-list-page";
import type { loader } from "~/features/console/bookings/bookings-list.server";
import { pageMeta } from "~/ui/meta";

export { loader } from "~/features/console/bookings/bookings-list.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export default function BookingsPage() {
  const { list, filters, refused, paged, canBook } = useLoaderData<typeof loader>();
  return <BookingsListPage list={list} filters={filters} refused={refused} paged={paged} canBook={canBook} />;
}
