import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { REAUTH_WINDOW_MINUTES } from "~contract/identity/two-step";
import type { EndpointAuth } from "~contract/endpoint";
import { liveSecondStep } from "../auth/verify";
import { getDb } from "../db/client";
import { sessionSecondSteps, users } from "../db/schema";
import { ApiError } from "../http/errors";
import type { AppEnv, AuthIdentity } from "../http/types";
import { callerToken } from "./session-step";

/**
 * Two-step sign-in's two rules for every endpoint (api/http/register.ts runs them, from the
 * declaration, through the route checks api/wiring.ts provides):
 *
 * - the pending session: a user with a second factor whose session has not given its step yet
 *   reaches only the endpoints declared `duringSecondStep`; every other signed-in endpoint
 *   answers 403 `second_step_required`, and an `optional` one treats the caller as anonymous;
 * - `reauth`: money and power need a second step within REAUTH_WINDOW_MINUTES, read from the
 *   database at that moment; a user without a second factor a sign-in within them. Else 403
 *   `reauthentication_required`, details.method "second_step" or "sign_in".
 */

/** The session has a second step to give. */
export function secondStepPending(identity: Pick<AuthIdentity, "hasSecondFactor" | "secondStepAt">): boolean {
  return identity.hasSecondFactor && identity.secondStepAt === null;
}

export const secondStepRequired = () =>
  new ApiError(
    403,
    "second_step_required",
    "Confirm it's you first: give the second step of signing in (POST /v1/auth/second-step).",
  );

/** The pending-session rule, after the caller is checked. */
export function applyPendingSessionRule(
  c: Context<AppEnv>,
  endpoint: { auth: EndpointAuth; duringSecondStep?: true },
): void {
  const identity = c.get("identity") as AuthIdentity | undefined;
  if (!identity || !secondStepPending(identity) || endpoint.duringSecondStep) return;
  if (endpoint.auth === "optional") {
    // A pending user may still browse: the public answer, as to anyone signed out.
    c.set("identity", undefined as unknown as AuthIdentity);
    return;
  }
  throw secondStepRequired();
}

export const reauthenticationRequired = (method: "second_step" | "sign_in") => {
  const error = new ApiError(
    403,
    "reauthentication_required",
    method === "second_step"
      ? `Confirm it's you: give a code from your authenticator app (or a passkey or recovery code) again; this needs one from the last ${REAUTH_WINDOW_MINUTES} minutes.`
      : `Confirm it's you: sign in again with your password; this needs a sign-in from the last ${REAUTH_WINDOW_MINUTES} minutes.`,
  );
  error.details = { method };
  return error;
};

/**
 * The `reauth` rule: re-reads the user's second factor and this token's step in one query (not
 * the cached identity), then answers nothing when fresh enough, else throws.
 */
export async function applyReauthRule(c: Context<AppEnv>): Promise<void> {
  const identity = c.get("identity");
  const token = callerToken(c);
  const db = c.get("db") ?? (await getDb());
  const [row] = await db
    .select({
      hasSecondFactor: users.secondFactorEnabled,
      freshStep: sql<boolean>`coalesce(${sessionSecondSteps.verifiedAt} > now() - make_interval(mins => ${REAUTH_WINDOW_MINUTES}), false)`,
    })
    .from(users)
    .leftJoin(sessionSecondSteps, liveSecondStep(users.id, token))
    .where(eq(users.id, identity.uid))
    .limit(1);
  if (row?.hasSecondFactor) {
    if (row.freshStep) return;
    throw reauthenticationRequired("second_step");
  }
  if (Date.now() - identity.authTime * 1000 <= REAUTH_WINDOW_MINUTES * 60_000) return;
  throw reauthenticationRequired("sign_in");
}
