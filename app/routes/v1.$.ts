import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiApp } from "~/lib/api-app.server";
import { requireHostContext } from "~/lib/host.server";

/** The v1 API (api/, Hono) mounted at /v1 in this process. */
function handle({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  requireHostContext(request);
  return apiApp.fetch(request);
}

export const loader = handle;
export const action = handle;
