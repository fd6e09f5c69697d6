import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The error page (spec section 2): status code, status message and error message. */
export function ErrorPage({ status = 500, message }: { status?: number; message: string | null }) {
  const { t } = useTranslation();
  const statusMessage = status === 404 ? t("errors.statusNotFound") : t("errors.statusInternal");
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center"
    >
      <title>{`${statusMessage} · ${t("app.name")}`}</title>
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold">
        <span className="sr-only">{status} </span>
        {statusMessage}
      </h1>
      <p className="mt-3 text-slate-600" data-testid="error-message">
        {message || (status === 404 ? t("errors.notFoundDefault") : t("errors.internalDefault"))}
      </p>
      <Link to="/" className="mt-8 rounded-md bg-brand px-4 py-2 font-medium text-white hover:opacity-90">
        {t("errors.backHome")}
      </Link>
    </main>
  );
}
