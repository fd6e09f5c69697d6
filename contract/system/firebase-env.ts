import { z } from "zod";

/**
 * Firebase's public configuration as both processes read it from the environment: the web's
 * sign-in pages (app/platform/config.server.ts) and the API's token checks (api/env.ts).
 */
export const firebasePublicEnv = {
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, "a Firebase project id")
    .optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, "host:port")
    .optional(),
};
