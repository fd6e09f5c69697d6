import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { SyncBody } from "~contract/identity/users";
import { isApiError } from "~/platform/api.server";
import { BodyTooLargeError, readBoundedBody } from "~/platform/form.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { safeRedirectPath } from "~/platform/redirects";
import { openSession } from "~/features/auth/session.server";
import { nextStepAfterSignIn } from "~/features/auth/sign-in-next.server";

/** What the browser posts; the token and profile are the API's to judge. */
const BodySchema = z.object({
  idToken: z.string().max(8192),
  profile: z.record(z.unknown()).optional(),
  redirectUrl: z.string().max(2048).optional(),
});

/**
 * The session endpoint: the browser signs in with Firebase and posts its fresh ID token here;
 * the API verifies it, syncs the user and mints the session cookie, which is set httpOnly here.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: { code: "method_not_allowed" } }, 405);
  requireSameOrigin(request);
  let body: unknown = null;
  try {
    body = JSON.parse(await (await readBoundedBody(request, 32 * 1024)).text());
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({ error: { code: "payload_too_large" } }, 413);
  }
  const parsed = BodySchema.safeParse(body);
  if (!parsed.success) {
    return json({ error: { code: "validation_error", fields: parsed.error.flatten().fieldErrors } }, 400);
  }
  try {
    const { idToken, profile, redirectUrl } = parsed.data;
    const { user, missingData, setCookie } = await openSession(request, idToken, profile as SyncBody);
    const redirectTo = nextStepAfterSignIn(user, missingData, safeRedirectPath(redirectUrl));
    return json({ user, redirectTo }, 200, { "Set-Cookie": setCookie });
  } catch (error) {
    if (isApiError(error) && error.status < 500) {
      return json({ error: { code: error.code, fields: error.fields } }, error.status);
    }
    throw error;
  }
}

export function loader() {
  return json({ error: { code: "method_not_allowed" } }, 405);
}

/** Resource routes answer with a real Response (single fetch would drop headers of plain data). */
function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
