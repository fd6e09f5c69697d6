import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import {
  customerParams,
  customersCsv,
  customersCsvFilename,
  MAX_CUSTOMERS_CSV_ROWS,
  MAX_CUSTOMERS_PAGE_SIZE,
  type CustomersList,
} from "~contract/operator/customers";
import { todayIn } from "~/features/booking/availability";
import { csvDownload, everyPage } from "~/features/console/csv-download.server";
import { requireConsoleAbility, requireConsolePage } from "~/features/console/console.server";
import { intentAction } from "~/features/console/intent-action.server";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireParams, routeNotFound } from "~/platform/http.server";
import { noteFormSchema } from "./note-schemas";

export const CUSTOMER_FILTER_NAMES = ["q", "consented", "sort"] as const;
export type CustomerFilters = Record<(typeof CUSTOMER_FILTER_NAMES)[number], string>;

function filtersOf(url: URL): CustomerFilters {
  return Object.fromEntries(
    CUSTOMER_FILTER_NAMES.map((name) => [name, url.searchParams.get(name) ?? ""]),
  ) as CustomerFilters;
}

const queryOf = (filters: Partial<CustomerFilters>) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));

/** /console/customers: the operator's customers (owner, manager), searched by a GET form, a page at a time. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireConsolePage(request, "readCustomers");
  const url = new URL(request.url);
  const filters = filtersOf(url);
  let list: CustomersList = { customers: [], nextCursor: null };
  let refused = false;
  try {
    list = await api.call("operatorListCustomers", {
      query: { ...queryOf(filters), cursor: url.searchParams.get("cursor") || undefined },
    });
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    refused = true;
  }
  return { list, filters, refused, paged: url.searchParams.has("cursor"), title: t("desk.customers.title") };
}

/**
 * /console/customers.csv: the consenting customers who match the search, every page through the
 * typed client (`consented=true` whatever the URL says: the export is for marketing), written by
 * the contract's customersCsv, the function the API's own CSV answer uses.
 */
export async function csvLoader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireConsoleAbility(request, "readCustomers");
  const { q, sort } = filtersOf(new URL(request.url));
  const query = { ...queryOf({ q, sort }), consented: "true" };
  return csvDownload(async () => {
    const rows = await everyPage(async (cursor) => {
      const page = await api.call("operatorListCustomers", {
        query: { ...query, limit: String(MAX_CUSTOMERS_PAGE_SIZE), cursor },
      });
      return { rows: page.customers.filter((row) => row.marketingConsent), nextCursor: page.nextCursor };
    }, MAX_CUSTOMERS_CSV_ROWS);
    const filename = customersCsvFilename(me.account.slug, todayIn(me.account.timeZone));
    return { csv: customersCsv(rows, me.account.timeZone), filename };
  }, "The search could not be read.");
}

/** /console/customers/$customerId: the customer's bookings with this operator and the team's notes. */
export async function customerLoader({ request, params }: LoaderFunctionArgs) {
  const [{ api, me, t }, { customerId }] = await Promise.all([
    requireConsolePage(request, "readCustomers"),
    requireParams(request, params, customerParams.shape),
  ]);
  const page = await orNotFound(
    request,
    api.call("operatorCustomer", { params: { customerId } }),
    "customer_not_found",
  );
  return withFlash(request, {
    page,
    timeZone: me.account.timeZone,
    constraint: getZodConstraint(noteFormSchema),
    title: t("desk.customers.pageTitle", { name: page.customer.name }),
  });
}

/** The add-a-note form posts here (no JavaScript needed): one call, then back to the page with a flash. */
export const customerAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "readCustomers",
    params: customerParams.shape,
    single: true,
    forms: { note: noteFormSchema },
    async refusal(error, _submission, { request }) {
      if (isApiError(error) && error.status === 404) throw await routeNotFound(request);
      return null;
    },
    async run(value, { api, params: { customerId } }) {
      await api.call("operatorAddCustomerNote", { params: { customerId }, body: { body: value.body } });
      return { flash: "desk.customers.noteAdded" };
    },
  });
