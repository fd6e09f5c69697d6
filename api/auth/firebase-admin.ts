import { cert, getApps, initializeApp, applicationDefault, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { identityEnv } from "../env";

let app: App | undefined;

/** The firebase-admin Auth client (the emulator locally, the real project in production). */
export function adminAuth(): Auth {
  if (!app) {
    app =
      getApps()[0] ??
      initializeApp({
        projectId: identityEnv.projectId,
        ...(identityEnv.serviceAccount
          ? { credential: cert(JSON.parse(identityEnv.serviceAccount)) }
          : identityEnv.emulatorHost
            ? {}
            : { credential: applicationDefault() }),
      });
  }
  return getAuth(app);
}
