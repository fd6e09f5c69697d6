import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The root loader's data: locale, host mode, the storefront's account context. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
