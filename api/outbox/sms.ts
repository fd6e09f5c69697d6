import { getApiEnv } from "../env";

/** What the outbox needs to send a text message (the SMS port). */
export interface SmsTransport {
  send(message: { to: string; body: string }): Promise<{ id: string }>;
}

/**
 * Twilio's Messages API (one REST call: no SDK needed for it). A non-2xx answer throws with
 * Twilio's message, so the delivery job retries it.
 */
export function twilioTransport(config: {
  accountSid: string;
  authToken: string;
  from: string;
  apiBase?: string;
}): SmsTransport {
  const base = (config.apiBase ?? "https://api.twilio.com").replace(/\/$/, "");
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, Body: body });
      form.set(config.from.startsWith("MG") ? "MessagingServiceSid" : "From", config.from);
      const answer = await fetch(`${base}/2010-04-01/Accounts/${config.accountSid}/Messages.json`, {
        method: "POST",
        headers: {
          Authorization: authorization,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await answer.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!answer.ok || !json.sid) throw new Error(`Twilio ${answer.status}: ${json.message ?? "no message id"}`);
      return { id: json.sid };
    },
  };
}

let cached: SmsTransport | null | undefined;
let override: SmsTransport | null | undefined;

/** Twilio when TWILIO_* are set, or null (text messages are then kept for the dev outbox). */
export function smsTransport(): SmsTransport | null {
  if (override !== undefined) return override;
  if (cached === undefined) {
    const env = getApiEnv();
    cached =
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? twilioTransport({
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiBase: env.TWILIO_API_BASE,
          })
        : null;
  }
  return cached;
}

/** Tests: use this transport instead of the environment's (null = none; undefined = back to it). */
export function setSmsTransportForTests(transport: SmsTransport | null | undefined): void {
  override = transport;
}
