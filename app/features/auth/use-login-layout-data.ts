import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_login";

/** Firebase's public config, the password policy and the forms' checks, from the login layout. */
export function useLoginLayoutData() {
  const data = useRouteLoaderData<typeof loader>("routes/_login");
  if (!data) throw new Error("useLoginLayoutData outside the login layout");
  return data;
}
