import { Form, isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { reloadOnChunkError } from "~/platform/chunk-reload";
import { REQUEST_ID_ATTRIBUTE, useRequestId } from "~/platform/request-id";
import type { Translate } from "~/platform/translate";
import { SearchQueryField } from "~/ui/search-field";

/** The status message of an error page: its heading, and its title (the root's meta). */
export function errorStatusText(t: Translate, status: number): string {
  return t(`errors.statusText.${status}`, {
    defaultValue: status >= 400 && status < 500 ? t("errors.statusClient") : t("errors.statusInternal"),
  });
}

/** The status of a route error: a thrown response's, else 500. */
export function errorStatusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The message when the error has none of its own. */
function defaultMessage(t: Translate, status: number): string {
  if (status === 404) return t("errors.notFoundDefault");
  if (status === 503) return t("apiErrors.service_unavailable");
  return t("errors.internalDefault");
}

/** What went wrong, in the spec's words (section 2): status code, status message and error message. */
export function ErrorContent({ status = 500, message }: { status?: number; message: string | null }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const requestId = useRequestId();
  const statusMessage = errorStatusText(t, status);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold">
        <span className="sr-only">{status} </span>
        {statusMessage}
      </h1>
      <p className="mt-3 text-slate-600" data-testid="error-message">
        {message || defaultMessage(t, status)}
      </p>
      {requestId && status >= 500 ? (
        <p className="mt-2 text-sm text-slate-500" {...{ [REQUEST_ID_ATTRIBUTE]: requestId }}>
          {t("errors.reference", { id: requestId })}
        </p>
      ) : null}
      {status === 404 ? (
        <Form method="get" action="/" role="search" className="mt-8 flex w-full max-w-sm gap-2">
          <SearchQueryField
            id="not-found-q"
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm"
          />
          <button type="submit" className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
            {t("home.searchButton")}
          </button>
        </Form>
      ) : null}
      {status === 503 ? (
        // Not available right now: the home page would be too; the way on is this page again, later.
        <a
          href={pathname + search}
          className="mt-8 rounded-md bg-brand px-4 py-2 font-medium text-white hover:brightness-90"
        >
          {t("errors.tryAgain")}
        </a>
      ) : (
        <Link to="/" className="mt-8 rounded-md bg-brand px-4 py-2 font-medium text-white hover:brightness-90">
          {t("errors.backHome")}
        </Link>
      )}
    </div>
  );
}

/** The error page on its own (no layout): the root's boundary and the plain layout's. */
export function ErrorPage(props: { status?: number; message: string | null }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-6">
      <ErrorContent {...props} />
    </main>
  );
}

/** The route error being shown: its status and message (a thrown 404's text is its message). */
function useRouteErrorDetails(): { status: number; message: string | null } {
  const error = useRouteError();
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    const message =
      typeof data === "string" ? data : ((data as { message?: string } | null)?.message ?? error.statusText);
    return { status: errorStatusOf(error), message };
  }
  return { status: 500, message: null };
}

/** A layout's ErrorBoundary content: the error inside the layout, so its navigation stays. */
export function RouteErrorContent() {
  return <ErrorContent {...useRouteErrorDetails()} />;
}

/** The root's and the plain layout's ErrorBoundary: the error page alone. */
export function RouteErrorPage() {
  return <ErrorPage {...useRouteErrorDetails()} />;
}
