import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { adminOperatorsPage } from "~contract/platform/outputs";
import type { z } from "zod";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { storefrontOrigin } from "~/platform/storefront-address.server";
import { adminAction, listQueryOf, requireAdminPage } from "./admin.server";
import { OPERATOR_SCHEMAS, SuspendSchema } from "./admin-forms.server";

const FILTERS = ["q", "status"] as const;

/**
 * /admin/operators?q=…&status=…: every operator by name with its last 30 days, found by a GET form,
 * a page at a time; each with its storefront's address and its suspension's form (or reinstating).
 */
export async function loadOperators({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireAdminPage(request);
  const { filters, cursor } = listQueryOf(request, FILTERS);
  let list: z.infer<typeof adminOperatorsPage> = { items: [], nextCursor: null };
  let refused = false;
  try {
    list = await api.call("adminListOperators", {
      query: { q: filters.q || undefined, status: filters.status || undefined, cursor },
    });
  } catch (error) {
    // Search words or a page the API cannot read: the form says so above an empty list.
    if (!isApiError(error, "validation_error")) throw error;
    refused = true;
  }
  return withFlash(request, {
    list: {
      ...list,
      items: list.items.map((operator) => ({ ...operator, storefrontUrl: storefrontOrigin(request, operator.slug) })),
    },
    filters,
    refused,
    paged: Boolean(cursor),
    suspendConstraint: getZodConstraint(SuspendSchema),
    title: t("admin.operators.title"),
  });
}

/** Suspend with a reason, or reinstate: a row's form, one call of the API, then the list with a flash. */
export const operatorAction = (args: ActionFunctionArgs) =>
  adminAction(args, {
    forms: OPERATOR_SCHEMAS,
    row: () => "accountId",
    async run(value, { api, request }) {
      const params = { accountId: value.accountId };
      const back = new URL(request.url);
      const to = back.pathname + back.search;
      if (value.intent === "suspend") {
        await api.call("adminSuspendOperator", { params, body: { reason: value.reason } });
        return { flash: "admin.operators.suspended", to };
      }
      await api.call("adminReinstateOperator", { params });
      return { flash: "admin.operators.reinstated", to };
    },
  });
