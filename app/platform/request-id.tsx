import { useLocation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";

/**
 * The id of the request that rendered the page (runtime/request-id.mjs), for the error page's
 * "Reference: …" that a user can quote, with the address it was rendered for. The server render
 * gives both; in the browser they are read back from the page the server rendered
 * (REQUEST_ID_ATTRIBUTE), so that hydration shows the same.
 */
export interface RenderedRequest {
  requestId: string;
  /** Path and query of the address the server rendered. */
  href: string;
}

const RequestIdContext = createContext<RenderedRequest | null>(null);

/** The attribute the error page puts its reference in. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

export function RequestIdProvider({ value, children }: { value: RenderedRequest | null; children: ReactNode }) {
  return <RequestIdContext.Provider value={value}>{children}</RequestIdContext.Provider>;
}

/** The request the page came with, in the browser: the server's answer's, read once before hydration. */
export function renderedRequest(): RenderedRequest | null {
  const requestId = document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE);
  return requestId ? { requestId, href: window.location.pathname + window.location.search } : null;
}

/**
 * The id to quote for what is shown now: the rendering request's, at the address the server
 * rendered; none once the browser has moved elsewhere (that answer's id is not known here).
 */
export function useRequestId(): string | null {
  const rendered = useContext(RequestIdContext);
  const { pathname, search } = useLocation();
  return rendered && rendered.href === pathname + search ? rendered.requestId : null;
}
