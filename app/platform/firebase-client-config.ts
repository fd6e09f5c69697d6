/** What the browser needs to talk to Firebase Auth (public values, from the root and login loaders). */
export type FirebaseClientConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** http://host:port of the Auth emulator, or null for the real service. */
  emulatorUrl: string | null;
};
