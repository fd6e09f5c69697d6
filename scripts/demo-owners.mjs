// Local start: the demo operators' owners (and the demo platform admin) as Firebase Auth emulator accounts (uid, email, the one
// local password, email verified), so each can sign in to /console on their storefront. Only ever
// against the emulator: the caller passes its host, and there is no other way in.
import { DEMO_OWNER_PASSWORD, DEMO_OWNERS, DEMO_PLATFORM_ADMIN } from "../api/db/seed-data/demo-owners.mjs";

/**
 * Creates the owners that the emulator does not have yet (an existing one is left as it is).
 * @param {{ host: string, projectId: string }} emulator
 * @returns {Promise<number>} how many were created
 */
export async function createDemoOwners({ host, projectId }) {
  let created = 0;
  // The demo platform admin too (the seed makes it one).
  for (const owner of [...DEMO_OWNERS, DEMO_PLATFORM_ADMIN]) {
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
      method: "POST",
      // The emulator's administrator credentials.
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({
        localId: owner.uid,
        email: owner.email,
        password: DEMO_OWNER_PASSWORD,
        emailVerified: true,
        displayName: `${owner.firstName} ${owner.lastName}`,
      }),
    });
    if (response.ok) created++;
    else {
      const text = await response.text();
      if (!/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(text))
        throw new Error(`creating ${owner.email} in the Auth emulator failed: ${response.status} ${text}`);
    }
  }
  return created;
}
