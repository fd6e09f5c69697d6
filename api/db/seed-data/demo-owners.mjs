// The demo operators' owners, for local use only: the seed makes each one the owner of its
// operator's team (api/db/seed.ts) and local start creates them in the Firebase Auth emulator with
// DEMO_OWNER_PASSWORD (scripts/demo-owners.mjs). Never in production: no real identity provider
// has these accounts, and the production preflight refuses the emulator.

/** The one local password of every demo owner (README: "Demo operators' owners"). */
export const DEMO_OWNER_PASSWORD = "wayfarer-demo-owner";

/** The slugs of the seed's operators (api/db/seed-data/accounts.ts). */
export const DEMO_OPERATOR_SLUGS = ["acme", "harbor", "summit", "olive"];

/**
 * The owner of one demo operator: a fixed uid (the same in the emulator and in our users table)
 * and email.
 * @param {string} slug
 * @returns {{ slug: string, uid: string, email: string, firstName: string, lastName: string }}
 */
export function demoOwner(slug) {
  return {
    slug,
    uid: `demo-owner-${slug}`,
    email: `owner@${slug}.example`,
    firstName: "Owner",
    lastName: slug.charAt(0).toUpperCase() + slug.slice(1),
  };
}

export const DEMO_OWNERS = DEMO_OPERATOR_SLUGS.map(demoOwner);

/**
 * The demo platform admin (issue 44), for local use only, like the owners: the seed makes it a
 * platform admin (users.is_platform_admin) and local start creates it in the emulator with
 * DEMO_OWNER_PASSWORD. It has no second factor: /admin first sends it to set one up.
 */
export const DEMO_PLATFORM_ADMIN = {
  uid: "demo-platform-admin",
  email: "admin@wayfarer.example",
  firstName: "Platform",
  lastName: "Admin",
};
