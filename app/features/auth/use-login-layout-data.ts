import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_login";

/** Firebase's public config and the password policy, from the login layout. */
export function useLoginLayoutData() {
  const data = useRouteLoaderData<typeof loader>("routes/_login");
  if (!data) throw new Error("useLoginLayoutData outside the login layout");
  return data;
}
