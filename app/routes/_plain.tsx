import { Outlet } from "@remix-run/react";

/** The plain layout: the page alone, no site chrome (the not-found page, standalone screens). */
export default function PlainLayout() {
  return <Outlet />;
}

export { RouteErrorPage as ErrorBoundary } from "~/ui/error-page";
