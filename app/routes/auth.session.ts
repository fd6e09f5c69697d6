import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { locationFields, phoneField } from "~/lib/auth-schemas";
import { requireSameOrigin } from "~/lib/origin.server";
import { safeRedirectPath } from "~/lib/redirects";
import { createSession, SessionError } from "~/lib/session.server";
import { nextStepAfterSignIn } from "~/lib/sign-in-next.server";

/** Optional sign-up profile sent with the first token. */
const ProfileSchema = z
  .object({
    firstName: z.string().trim().min(1).max(80).optional(),
    lastName: z.string().trim().min(1).max(80).optional(),
    phone: phoneField.optional(),
    location: z.object(locationFields).partial().optional(),
  })
  .strict();

const BodySchema = z.object({
  idToken: z.string().min(20).max(8192),
  profile: ProfileSchema.optional(),
  redirectUrl: z.string().max(2048).optional(),
});

/**
 * The session endpoint: the browser signs in with Firebase and posts its fresh ID token here;
 * the server verifies it, syncs the user and sets the httpOnly session cookie.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: { code: "method_not_allowed" } }, 405);
  requireSameOrigin(request);
  const parsed = BodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return json({ error: { code: "validation_error", fields: parsed.error.flatten().fieldErrors } }, 400);
  try {
    const { user, setCookie } = await createSession(request, parsed.data.idToken, parsed.data.profile);
    const redirectTo = await nextStepAfterSignIn(
      request,
      user,
      safeRedirectPath(parsed.data.redirectUrl),
      parsed.data.idToken,
    );
    return json({ user, redirectTo }, 200, { "Set-Cookie": setCookie });
  } catch (error) {
    if (error instanceof SessionError) return json({ error: { code: error.code } }, error.status);
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
