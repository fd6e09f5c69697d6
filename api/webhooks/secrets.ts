/**
 * A subscription's signing secret (decision 049): Standard Webhooks' form, `whsec_` and 32 random
 * bytes in base64, answered once when it is made or rotated; kept sealed (AES-256-GCM with
 * TWO_STEP_KEY, api/two-step/sealing.ts) because signing needs it back.
 */
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { seal, unseal } from "../two-step/sealing";

const PREFIX = "whsec_";

export function newWebhookSecret(): { secret: string; sealed: string } {
  const secret = `${PREFIX}${randomBytes(32).toString("base64")}`;
  return { secret, sealed: seal(secret) };
}

/** The Standard Webhooks headers of one attempt: `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
export function signedHeaders(
  sealedSecret: string,
  messageId: string,
  body: string,
  at: Date,
): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  const signer = new Webhook(unseal(sealedSecret));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signer.sign(messageId, at, body),
  };
}
