import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle, withStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { listSecondFactors } from "./factors";
import { regenerateRecoveryCodes, removeSecondFactor } from "./manage";
import { startSecondStepPasskey } from "./passkey-authentication";
import { finishPasskeyRegistration, startPasskeyRegistration } from "./passkey-registration";
import { relyingPartyOf } from "./relying-party";
import { verifySecondFactor } from "./second-step";
import { callerToken } from "./session-step";
import { confirmTotpEnrolment, startTotpEnrolment } from "./totp-enrolment";

/**
 * Two-step sign-in (issue 43): enrolment (/account/security) and the session's second step. Every
 * handler acts for the verified caller (`c.var.identity`) and the token it signed in with.
 */
export const twoStepRoutes = new Hono<AppEnv>();

handle(twoStepRoutes, endpoints.secondFactors, async (c) => listSecondFactors(c.get("db"), c.get("identity")));

handle(twoStepRoutes, endpoints.startTotpEnrolment, async (c) =>
  withStatus(201, await startTotpEnrolment(c.get("db"), c.get("identity"))),
);

handle(twoStepRoutes, endpoints.confirmTotpEnrolment, async (c, { body }) =>
  confirmTotpEnrolment(c.get("db"), c.get("identity"), callerToken(c), body.code, clientIp(c)),
);

handle(twoStepRoutes, endpoints.regenerateRecoveryCodes, async (c) =>
  regenerateRecoveryCodes(c.get("db"), c.get("identity").uid, clientIp(c)),
);

handle(twoStepRoutes, endpoints.startPasskeyRegistration, async (c) =>
  startPasskeyRegistration(c.get("db"), c.get("identity"), relyingPartyOf(c)),
);

handle(twoStepRoutes, endpoints.finishPasskeyRegistration, async (c, { body }) =>
  withStatus(
    201,
    await finishPasskeyRegistration(c.get("db"), {
      identity: c.get("identity"),
      token: callerToken(c),
      name: body.name,
      response: body.response as unknown as RegistrationResponseJSON,
      rp: relyingPartyOf(c),
      clientAddress: clientIp(c),
    }),
  ),
);

handle(twoStepRoutes, endpoints.startSecondStepPasskey, async (c) =>
  startSecondStepPasskey(c.get("db"), c.get("identity").uid, relyingPartyOf(c)),
);

handle(twoStepRoutes, endpoints.verifySecondFactor, async (c, { body }) =>
  verifySecondFactor(c.get("db"), {
    identity: c.get("identity"),
    token: callerToken(c),
    answer:
      body.method === "passkey"
        ? { method: "passkey", response: body.response as unknown as AuthenticationResponseJSON }
        : body,
    clientAddress: clientIp(c),
    relyingParty: () => relyingPartyOf(c),
  }),
);

/** Last: its path's pattern (/v1/user/second-factors/:factorId) would take the fixed paths above. */
handle(twoStepRoutes, endpoints.removeSecondFactor, async (c, { params }) => {
  await removeSecondFactor(c.get("db"), c.get("identity").uid, params.factorId, clientIp(c));
});
