import type { LoaderFunctionArgs } from "@remix-run/node";
import { isSupportedLanguage, translationFor } from "~/platform/i18next.server";
import { applySecurityHeaders } from "~/platform/security-headers.server";

/**
 * GET /locales/{lng}?v={version}: a language's strings, the file every page names for the
 * browser (LocaleStrings). The address of the current version is kept for good; any other
 * version gets today's strings, kept a few minutes.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lng = params.lng ?? "";
  const headers = new Headers();
  applySecurityHeaders(headers);
  if (!isSupportedLanguage(lng)) return new Response("Not found", { status: 404, headers });
  const translation = translationFor(lng);
  const current = new URL(request.url).searchParams.get("v") === translation.version;
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", current ? "public, max-age=31536000, immutable" : "public, max-age=300");
  return new Response(translation.json, { headers });
}
