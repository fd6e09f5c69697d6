import { useLocation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";

/**
 * The id of the request that rendered the page (contract/request-id.mjs), for the error page's
 * "Reference: …" that a user can quote. The server render gives it; in the browser it is read back
 * from the page the server rendered (REQUEST_ID_ATTRIBUTE), so that hydration shows the same.
 */
const RequestIdContext = createContext<string | null>(null);

/** The attribute the error page puts its reference in. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

export function RequestIdProvider({ requestId, children }: { requestId: string | null; children: ReactNode }) {
  return <RequestIdContext.Provider value={requestId}>{children}</RequestIdContext.Provider>;
}

/** The request id the page came with: in the browser, the server's answer's, read once before hydration. */
export function renderedRequestId(): string | null {
  return document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) ?? null;
}

/**
 * The id to quote for what is shown now: the rendering request's, on the page the server rendered
 * (the first location); none after the browser moved on (that answer's id is not known here).
 */
export function useRequestId(): string | null {
  const requestId = useContext(RequestIdContext);
  return useLocation().key === "default" ? requestId : null;
}
