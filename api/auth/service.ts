import { UNKNOWN_IP } from "../http/client-info";
import type { Db } from "../db/client";
import type { AccountRow } from "../db/schema";
import { getApiEnv, identityEnv } from "../env";
import { validationError } from "../http/errors";
import { enqueueEmail } from "../outbox/service";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/service";
import { passwordResetEmail, signInLinkEmail, type AuthEmailParts } from "./emails";
import { composeEmail, operatorBrand, platformBrand } from "../outbox/email-layout";
import type { EmailBrand } from "../outbox/email-parts";
import { adminAuth } from "./firebase-admin";
import { callIdentity } from "./identity-errors";

export interface AuthEmailRequest {
  email: string;
  /** Same-site path to continue to (already validated). */
  continueUrl: string;
  /** Origin of the site the link must open, e.g. https://acme.example.com. */
  origin: string;
  /** Caller's IP address or "unknown". */
  ip: string;
  /** The storefront the request came through, if any (names it in the email). */
  account: AccountRow | null;
}

/**
 * Sign-in links and password resets share one budget: per address (so nobody can flood a
 * mailbox) and per client IP (so nobody can spray addresses).
 */
export function authEmailRules(email: string, ip: string): RateLimitRule[] {
  const env = getApiEnv();
  return [
    // An unknown address (none could be told) would put every client in one bucket: not counted.
    ...(ip === UNKNOWN_IP
      ? []
      : [
          {
            key: `auth-email:ip:${ip}`,
            limit: env.AUTH_EMAIL_LIMIT_PER_IP,
            windowSeconds: env.AUTH_EMAIL_WINDOW_SECONDS,
          },
        ]),
    {
      key: `auth-email:email:${email}`,
      limit: env.AUTH_EMAIL_LIMIT_PER_EMAIL,
      windowSeconds: env.AUTH_EMAIL_WINDOW_SECONDS,
    },
  ];
}

const invalidEmail = () => validationError({ email: ["Enter a valid email address."] });

/** Our own link to a page of the web app, carrying the identity provider's one-time code. */
export function appActionLink(origin: string, page: string, params: Record<string, string>): string {
  const url = new URL(page, origin);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function oobCodeOf(providerLink: string): string {
  const code = new URL(providerLink).searchParams.get("oobCode");
  if (!code) throw new Error("the identity provider returned a link without an oobCode");
  return code;
}

/** An operator's storefront sends under its name and colours; the platform otherwise. */
function brandOf(request: AuthEmailRequest): EmailBrand {
  return request.account ? operatorBrand(request.account, request.origin) : platformBrand();
}

/** Our link to `page` with the provider's one-time code, sent through the outbox. */
async function sendActionEmail(
  db: Db,
  request: AuthEmailRequest,
  providerLink: string,
  action: { page: string; mode: string; kind: string; compose: (link: string, brand: EmailBrand) => AuthEmailParts },
): Promise<void> {
  const link = appActionLink(request.origin, action.page, {
    mode: action.mode,
    oobCode: oobCodeOf(providerLink),
    apiKey: identityEnv.apiKey,
    redirectUrl: request.continueUrl,
  });
  const brand = brandOf(request);
  await enqueueEmail(
    db,
    composeEmail({
      to: request.email,
      ...action.compose(link, brand),
      brand,
      kind: action.kind,
      meta: { link, continueUrl: request.continueUrl, account: request.account?.slug ?? null },
    }),
  );
}

/**
 * POST /v1/send-auth-link: an email sign-in link to <origin>/set-password, whether or not the
 * address has an account yet (the first sign-in creates it).
 */
export async function sendAuthLink(db: Db, request: AuthEmailRequest): Promise<void> {
  await enforceRateLimits(authEmailRules(request.email, request.ip));
  const providerLink = await callIdentity(
    () =>
      adminAuth().generateSignInWithEmailLink(request.email, {
        url: new URL("/set-password", request.origin).toString(),
        handleCodeInApp: true,
      }),
    { "auth/invalid-email": invalidEmail },
  );
  await sendActionEmail(db, request, providerLink, {
    page: "/set-password",
    mode: "signIn",
    kind: "auth_link",
    compose: signInLinkEmail,
  });
}

/**
 * POST /v1/send-password-reset: a reset link to <origin>/reset-password when the address has
 * an account; nothing (and the same answer) when it does not.
 */
export async function sendPasswordReset(db: Db, request: AuthEmailRequest): Promise<void> {
  await enforceRateLimits(authEmailRules(request.email, request.ip));
  const providerLink = await callIdentity(
    () =>
      adminAuth()
        .generatePasswordResetLink(request.email, { url: new URL("/login", request.origin).toString() })
        .catch((error: unknown) => {
          const code = (error as { code?: string }).code;
          if (code === "auth/email-not-found" || code === "auth/user-not-found") return null;
          throw error;
        }),
    { "auth/invalid-email": invalidEmail },
  );
  if (!providerLink) return;
  await sendActionEmail(db, request, providerLink, {
    page: "/reset-password",
    mode: "resetPassword",
    kind: "password_reset",
    compose: passwordResetEmail,
  });
}
