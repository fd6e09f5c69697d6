import { useEffect, useState } from "react";

/** Posted by forms whose page runs JavaScript (it renders after hydration only). */
export const FIREBASE_CLIENT_FIELD = "firebaseClient";

/**
 * In a form whose change ends every session: tells the action that this page has a Firebase
 * client to sign in again (without JavaScript there is none, and nothing is handed out).
 */
export function FirebaseClientField() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name={FIREBASE_CLIENT_FIELD} value="1" /> : null;
}
