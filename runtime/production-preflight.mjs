/**
 * The production preflight: every setting a production process lacks, or holds unsafely, listed
 * at once. One list for the three places that start a process — scripts/start.mjs (before it
 * builds or spawns anything), the web's configuration (app/platform/config.server.ts) and the
 * API's (api/env.ts) — so an operator reads every problem in one message, not one per start.
 *
 * Plain JavaScript so that scripts/start.mjs runs it before any build. The per-section parsers
 * still validate each value's form; this names what production must not run without.
 */

/** What a process serves: the web alone (split mode), the API alone, or both in one process. */
/** @typedef {"web" | "api" | "both"} ProcessRole */

/** 32 characters or more: what a signing secret must have. */
export const MIN_SECRET_LENGTH = 32;

/**
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 */
function value(env, name) {
  const text = env[name]?.trim();
  return text ? text : undefined;
}

/**
 * local or production, as every part of the app reads it: APP_ENV, else production when
 * NODE_ENV=production.
 * @param {Record<string, string | undefined>} env
 * @returns {boolean}
 */
export function isProduction(env) {
  const appEnv = value(env, "APP_ENV");
  if (appEnv) return appEnv === "production";
  return value(env, "NODE_ENV") === "production";
}

/**
 * SESSION_SECRET as a list (comma-separated: the first signs, every one verifies, for rotation).
 * @param {string | undefined} text
 * @returns {string[]}
 */
export function secretList(text) {
  return (text ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Every missing or unsafe production setting of a process with `role`, one line each ("NAME:
 * why"); empty when the environment is complete, or when it is not production.
 * @param {Record<string, string | undefined>} env
 * @param {ProcessRole} role
 * @returns {string[]}
 */
export function productionProblems(env, role) {
  const appEnv = value(env, "APP_ENV");
  if (appEnv && appEnv !== "local" && appEnv !== "production") {
    return [`APP_ENV: must be local or production (got "${appEnv}")`];
  }
  if (!isProduction(env)) return [];
  const api = role !== "web";
  const web = role !== "api";
  /** @type {string[]} */
  const problems = [];
  const missing = (/** @type {string} */ name, /** @type {string} */ why) => {
    if (!value(env, name)) problems.push(`${name}: ${why}`);
  };

  if (api) {
    missing("DATABASE_URL", "required (a postgres:// URL); the embedded PGlite database is for local use only");
    missing("SMTP_URL", "required (an smtp:// or smtps:// URL); without it no email is ever sent");
  }
  // Identity: both processes read Firebase's public configuration.
  const projectId = value(env, "FIREBASE_PROJECT_ID");
  if (!projectId) problems.push("FIREBASE_PROJECT_ID: required (the Firebase project's id)");
  else if (projectId.startsWith("demo-")) {
    problems.push(`FIREBASE_PROJECT_ID: "${projectId}" is an emulator-only demo- project`);
  }
  missing("FIREBASE_API_KEY", "required (the Firebase project's web API key)");
  if (value(env, "FIREBASE_AUTH_EMULATOR_HOST")) {
    problems.push("FIREBASE_AUTH_EMULATOR_HOST: must be unset (the Auth emulator accepts unsigned tokens)");
  }
  if (api && !value(env, "FIREBASE_SERVICE_ACCOUNT") && !value(env, "GOOGLE_APPLICATION_CREDENTIALS")) {
    problems.push(
      "FIREBASE_SERVICE_ACCOUNT: required (the service account JSON), or GOOGLE_APPLICATION_CREDENTIALS naming its file",
    );
  }
  if (api) {
    const provider = value(env, "PAYMENT_PROVIDER")?.toLowerCase();
    if (!provider) {
      problems.push("PAYMENT_PROVIDER: required (stripe, or sandbox to accept test cards only, named explicitly)");
    } else if (provider === "stripe") {
      missing("STRIPE_SECRET_KEY", "required with PAYMENT_PROVIDER=stripe");
      missing("STRIPE_WEBHOOK_SECRET", "required with PAYMENT_PROVIDER=stripe");
    }
    missing("APP_PUBLIC_URL", "required (the web's public address, e.g. https://app.example.com), for links in emails");
    missing("STOREFRONT_PUBLIC_URL", "required (e.g. https://{slug}.app.example.com), for links in emails");
    missing(
      "TRUST_PROXY",
      "required (0 when clients connect directly, else how many proxies in front append to X-Forwarded-For)",
    );
    const linkSecret = value(env, "MESSAGE_LINK_SECRET");
    if (!linkSecret)
      problems.push(`MESSAGE_LINK_SECRET: required (${MIN_SECRET_LENGTH}+ characters; signs unsubscribe links)`);
    else if (linkSecret.length < MIN_SECRET_LENGTH) {
      problems.push(`MESSAGE_LINK_SECRET: needs ${MIN_SECRET_LENGTH} characters or more`);
    }
    missing("TWO_STEP_KEY", "required (32 bytes in base64 or hex: `openssl rand -base64 32`; seals two-step secrets)");
    const seed = value(env, "SEED_ON_START")?.toLowerCase();
    if (seed === "true" || seed === "1") {
      problems.push("SEED_ON_START: demo data is never loaded in production; unset it (or set false)");
    }
    const privateTargets = value(env, "WEBHOOK_ALLOW_PRIVATE_TARGETS")?.toLowerCase();
    if (privateTargets === "true" || privateTargets === "1") {
      problems.push("WEBHOOK_ALLOW_PRIVATE_TARGETS: webhooks never reach private addresses in production; unset it");
    }
  }
  if (web) {
    missing("APP_BASE_DOMAINS", "required (the domain(s) the app is served on, e.g. app.example.com)");
    const secrets = secretList(env.SESSION_SECRET);
    if (secrets.length === 0) {
      problems.push(`SESSION_SECRET: required (${MIN_SECRET_LENGTH}+ random characters; signs the site's cookies)`);
    } else if (secrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
      problems.push(`SESSION_SECRET: each secret needs ${MIN_SECRET_LENGTH} characters or more`);
    }
  }
  return problems;
}

/**
 * What a web process serves: the web alone when API_BASE_URL names the API (split mode), else
 * both in one process.
 * @param {Record<string, string | undefined>} env
 * @returns {ProcessRole}
 */
export function webProcessRole(env) {
  return value(env, "API_BASE_URL") ? "web" : "both";
}

/**
 * The one message that stops a production start, or null when nothing is missing.
 * @param {Record<string, string | undefined>} env
 * @param {ProcessRole} role
 * @returns {string | null}
 */
export function productionPreflight(env, role) {
  const problems = productionProblems(env, role);
  if (problems.length === 0) return null;
  const what = { web: "the web", api: "the API", both: "the app" }[role];
  return [
    `Refusing to start ${what} in production: ${problems.length} setting(s) missing or unsafe`,
    ...problems.map((problem) => `  - ${problem}`),
    "Every setting is described in .env.example and README.md (Production).",
  ].join("\n");
}

/**
 * Throws the preflight's message (the API's and the web's configuration modules call this first).
 * @param {Record<string, string | undefined>} env
 * @param {ProcessRole} role
 */
export function assertProductionReady(env, role) {
  const message = productionPreflight(env, role);
  if (message) throw new Error(message);
}
