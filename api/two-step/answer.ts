import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/** A second-step answer as validated by the contract (a recovery code already its ten lower-case characters). */
export type SecondStepAnswer =
  | { method: "totp"; code: string }
  | { method: "recovery"; code: string }
  | { method: "passkey"; response: AuthenticationResponseJSON };
