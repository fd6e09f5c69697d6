import { identityEnv } from "~api/auth/identity-env";
import type { FirebaseClientConfig } from "~/features/auth/firebase-config";

/** Firebase's public web config, for the pages that load Firebase Auth. */
export function firebaseClientConfig(): FirebaseClientConfig {
  return {
    apiKey: identityEnv.apiKey,
    authDomain: identityEnv.authDomain,
    projectId: identityEnv.projectId,
    emulatorUrl: identityEnv.emulatorHost ? `http://${identityEnv.emulatorHost}` : null,
  };
}
