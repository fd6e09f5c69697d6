import { config } from "~/platform/config.server";
import type { FirebaseClientConfig } from "~/platform/firebase-client-config";

/** Firebase's public web config, for the pages that load Firebase Auth. */
export function firebaseClientConfig(): FirebaseClientConfig {
  return {
    apiKey: config.firebase.apiKey,
    authDomain: config.firebase.authDomain,
    projectId: config.firebase.projectId,
    emulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
  };
}
