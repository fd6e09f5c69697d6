import { getApps, initializeApp } from "firebase/app";
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  fetchSignInMethodsForEmail,
  getRedirectResult,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  initializeRecaptchaConfig,
  onAuthStateChanged,
  onIdTokenChanged,
  OAuthProvider,
  signInWithEmailAndPassword,
  signInWithCustomToken,
  signInWithEmailLink,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  type Auth,
  type User,
  type UserCredential,
} from "firebase/auth";
import { POPUP_CLOSED_GRACE_MS, REDIRECT_PENDING_KEY, TOKEN_REFRESH_MARGIN_MS } from "~/features/auth/firebase-config";
import type { FirebaseClientConfig } from "~/platform/firebase-client-config";
import { otherMethodCode } from "~/features/auth/sign-in-methods";

/**
 * Firebase Auth in the browser. Loaded only by the pages where people sign in (a dynamic
 * import), so the rest of the site does not pay for it.
 */
let auth: Auth | undefined;

export function clientAuth(config: FirebaseClientConfig): Auth {
  if (auth) return auth;
  const app =
    getApps()[0] ??
    initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return auth;
}

export function authErrorCode(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : "auth/internal-error";
}

/** Run a sign-in; when the provider asks for a bot-check token, set it up and try once more. */
async function withBotCheck<T>(a: Auth, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (authErrorCode(error) !== "auth/missing-recaptcha-token") throw error;
    await initializeRecaptchaConfig(a);
    return attempt();
  }
}

const idTokenOf = (credential: UserCredential) => credential.user.getIdToken();

const WRONG_PASSWORD = new Set(["auth/invalid-credential", "auth/wrong-password", "auth/invalid-login-credentials"]);

export async function passwordSignIn(config: FirebaseClientConfig, email: string, password: string) {
  const a = clientAuth(config);
  try {
    return idTokenOf(await withBotCheck(a, () => signInWithEmailAndPassword(a, email, password)));
  } catch (error) {
    // Projects with email enumeration protection say invalid-credential; older ones wrong-password.
    if (!WRONG_PASSWORD.has(authErrorCode(error))) throw error;
    // No password on this address? Say how it signs in instead.
    const methods = await fetchSignInMethodsForEmail(a, email).catch(() => [] as string[]);
    const other = otherMethodCode(methods);
    if (other) throw Object.assign(new Error(other), { code: other });
    throw error;
  }
}

export async function passwordSignUp(config: FirebaseClientConfig, email: string, password: string) {
  const a = clientAuth(config);
  return idTokenOf(await withBotCheck(a, () => createUserWithEmailAndPassword(a, email, password)));
}

export async function emailLinkSignIn(config: FirebaseClientConfig, email: string, link: string) {
  const a = clientAuth(config);
  return idTokenOf(await signInWithEmailLink(a, email, link));
}

export type ProviderName = "google" | "apple";

function providerFor(name: ProviderName) {
  if (name === "google") return new GoogleAuthProvider();
  const apple = new OAuthProvider("apple.com");
  apple.addScope("email");
  apple.addScope("name");
  return apple;
}

function waitForUser(a: Auth, ms: number): Promise<User | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(a.currentUser);
    }, ms);
    const unsubscribe = onAuthStateChanged(a, (user) => {
      if (user) {
        clearTimeout(timer);
        unsubscribe();
        resolve(user);
      }
    });
  });
}

/**
 * Google or Apple in a 500x600 popup (Firebase's popup size). A blocked popup falls back to a
 * full-page redirect ("redirect" is returned; the result is read by `finishRedirectSignIn`).
 * A popup reported closed gets an 8 s grace in which a late sign-in still counts.
 */
export async function providerSignIn(config: FirebaseClientConfig, name: ProviderName): Promise<string | "redirect"> {
  const a = clientAuth(config);
  try {
    return idTokenOf(await signInWithPopup(a, providerFor(name)));
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "auth/popup-blocked" || code === "auth/operation-not-supported-in-this-environment") {
      window.sessionStorage.setItem(REDIRECT_PENDING_KEY, "1");
      await signInWithRedirect(a, providerFor(name));
      return "redirect";
    }
    if (code === "auth/popup-closed-by-user") {
      const user = await waitForUser(a, POPUP_CLOSED_GRACE_MS);
      if (user) return user.getIdToken();
    }
    throw error;
  }
}

export async function finishRedirectSignIn(config: FirebaseClientConfig): Promise<string | null> {
  window.sessionStorage.removeItem(REDIRECT_PENDING_KEY);
  const credential = await getRedirectResult(clientAuth(config));
  return credential ? idTokenOf(credential) : null;
}

export async function clientSignOut(config: FirebaseClientConfig) {
  await signOut(clientAuth(config));
}

function uidOfCustomToken(token: string): string | null {
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.uid === "string" ? payload.uid : null;
  } catch {
    return null;
  }
}

/**
 * After a change that ended every session (a new password or email address) the client's refresh
 * token is revoked: it signs in again with the custom token the server handed over, so its next
 * refresh works. Only a client signed in as that same user is touched.
 */
export async function resyncClient(config: FirebaseClientConfig, customToken: string): Promise<void> {
  const a = clientAuth(config);
  await a.authStateReady();
  const user = a.currentUser;
  if (!user || user.uid !== uidOfCustomToken(customToken)) return;
  await signInWithCustomToken(a, customToken);
}

/**
 * Keep the ID token fresh while a page is open: renew it 5 minutes before it expires. When
 * Firebase reports no user any more, the server session is ended too.
 */
export function keepSessionInStep(config: FirebaseClientConfig, onSignedOut: () => void): () => void {
  const a = clientAuth(config);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hadUser = false;
  const unsubscribe = onIdTokenChanged(a, async (user) => {
    clearTimeout(timer);
    if (!user) {
      if (hadUser) onSignedOut();
      return;
    }
    hadUser = true;
    const { expirationTime } = await user.getIdTokenResult();
    const delay = Math.max(0, new Date(expirationTime).getTime() - Date.now() - TOKEN_REFRESH_MARGIN_MS);
    timer = setTimeout(() => void user.getIdToken(true).catch(() => undefined), delay);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Post a fresh ID token to the session endpoint; answers where to go next. */
export async function openServerSession(
  idToken: string,
  options: { redirectUrl?: string; profile?: Record<string, unknown> } = {},
): Promise<{ redirectTo: string }> {
  const response = await fetch("/auth/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ idToken, ...options }),
  });
  const body = (await response.json().catch(() => ({}))) as { redirectTo?: string; error?: { code?: string } };
  if (!response.ok || !body.redirectTo) {
    throw Object.assign(new Error("session"), { code: `session/${body.error?.code ?? response.status}` });
  }
  return { redirectTo: body.redirectTo };
}
