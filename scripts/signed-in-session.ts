// A signed-in visitor of a running server, for the bench and the built-server tests: an account made
// in the Auth emulator, posted to the server's /auth/session, and the session cookie it set.
import { DEFAULT_EMULATOR_HOST } from "./emulator.mjs";
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST;

/** `label` names the account: its email starts with it, and it is the visitor's first name ("edge" → Edge). */
export async function signedInCookie(origin: string, label = "visitor"): Promise<string> {
  const signUp = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: `${label}-password-1`,
      returnSecureToken: true,
    }),
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  const session = await fetch(`${origin}/auth/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({
      idToken,
      profile: {
        firstName: label.charAt(0).toUpperCase() + label.slice(1),
        lastName: "Visitor",
        phone: "+12025550143",
        location: { address: "1 Main St", city: "Springfield", state: "IL", zipcode: "62701" },
      },
    }),
  });
  const cookie = /__session=[^;]+/.exec(session.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`no session: ${session.status} ${await session.text()}`);
  return cookie;
}
