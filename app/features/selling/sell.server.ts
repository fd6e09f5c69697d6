import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { countryOptions } from "~contract/countries";
import { isApiError } from "~contract/errors";
import { slugRefusalByRule } from "~contract/platform/operator-slug";
import { TIME_ZONES } from "~contract/time-zones";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireMarketplaceHost } from "~/platform/host.server";
import { i18next } from "~/platform/i18next.server";
import { answerIntent } from "~/platform/intent-form.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { storefrontDomain } from "~/platform/storefront-address.server";
import { applicationStatusView } from "./application-status.server";
import { ApplySchema } from "./sell-forms.server";

/** The currencies this server knows (ISO 4217, the contract's rule: Intl's list), each with its name. */
function currencyOptions() {
  const names = new Intl.DisplayNames(["en"], { type: "currency", fallback: "code" });
  return Intl.supportedValuesOf("currency").map((code) => ({ value: code, label: `${code} — ${names.of(code)}` }));
}

/** The application form's choices: countries, currencies and time zones, named in English. */
function sellFormOptions() {
  return {
    countries: countryOptions("en").map((country) => ({ value: country.code, label: country.name })),
    currencies: currencyOptions(),
    zones: TIME_ZONES.map((zone) => ({ value: zone, label: zone })),
  };
}

/**
 * /sell, on the marketplace only (a storefront: the 404 page), for a signed-in user (else the
 * sign-in page, and back): their latest application's status, and the form unless one is open.
 */
export async function loadSellPage({ request }: LoaderFunctionArgs) {
  await requireMarketplaceHost(request);
  const { token, user } = await requireUser(request);
  const [{ application }, t] = await Promise.all([
    apiFor(request, { token }).call("myOperatorApplication"),
    i18next.getFixedT(request),
  ]);
  return withFlash(request, {
    application: applicationStatusView(request, application),
    options: sellFormOptions(),
    constraint: getZodConstraint(ApplySchema),
    contactEmail: user.email ?? "",
    storefrontDomain: storefrontDomain(request),
    title: t("sell.title"),
  });
}

/** The application, one call of the API: its refusals on the form (the slug's on its field). */
export async function applyAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireMarketplaceHost(request);
  const api = apiFor(request, { token: await requireToken(request) });
  return answerIntent(
    request,
    { api },
    {
      forms: { apply: ApplySchema },
      single: true,
      shown: { codes: { slug_taken: { field: "slug" }, slug_reserved: { field: "slug" } } },
      async run(value) {
        await api.call("applyAsOperator", { body: value });
        return { flash: "sell.sent" };
      },
    },
  );
}

/** What the form says of a storefront address as it is typed (null: the API could not say now). */
export interface SlugAnswer {
  slug: string;
  available: boolean | null;
  reason: "invalid" | "reserved" | "taken" | null;
}

/**
 * GET /sell/slug?slug=…: the address's availability for the form's live check. Its format and the
 * reserved names are the contract's rule (no call); whether it is taken, checkOperatorSlug's.
 */
export async function loadSlugAvailability({ request }: LoaderFunctionArgs): Promise<SlugAnswer> {
  await requireMarketplaceHost(request);
  const token = await requireToken(request);
  const slug = (new URL(request.url).searchParams.get("slug") ?? "").trim().toLowerCase().slice(0, 100);
  const refusal = slugRefusalByRule(slug);
  if (refusal) return { slug, available: false, reason: refusal };
  try {
    return await apiFor(request, { token }).call("checkOperatorSlug", { query: { slug } });
  } catch (error) {
    // Asked too often: the form says nothing now, and the API checks again on submit.
    if (isApiError(error, "rate_limited")) return { slug, available: null, reason: null };
    throw error;
  }
}
