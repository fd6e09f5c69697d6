import type { HttpBindings } from "@hono/node-server";
import type { Db } from "../db/client";
import type { OperatorRole } from "~contract/operator/team";
import type { AccountRow } from "../db/schema";

/** Who a request is: a verified Firebase ID token or session cookie (api/auth/verify.ts). */
export type AuthIdentity = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  signInProvider: string;
  authTime: number;
  /** When the token expires (milliseconds since the epoch). */
  expiresAt: number;
  /** The user must set a password before anything else (an emailed-link sign-in). */
  requiresPasswordSetup: boolean;
  kind: "id_token" | "session_cookie";
  /** The user has a second factor (a confirmed authenticator app or a passkey; issue 43). */
  hasSecondFactor: boolean;
  /**
   * When this session (this very token) gave its second step, in milliseconds since the epoch; null
   * when it has not. A user with a second factor and no step yet is a pending session.
   */
  secondStepAt: number | null;
  /** Runs the platform (always needs two-step sign-in). */
  platformAdmin: boolean;
};

/**
 * The caller as a member of the operator whose storefront (X-Account-Context) they are on: what
 * handle() hands a console endpoint's handler (its declaration's `member`; api/members/guard.ts).
 */
export interface Member {
  account: AccountRow;
  userId: string;
  email: string | null;
  role: OperatorRole;
}

/** Hono environment of the v1 API: what middleware puts on the context. */
export interface AppEnv {
  /** Alone in its process (api/server.ts): the Node request, whose socket's peer is the web. In the web's process: none. */
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    db: Db;
    /** The operator named by X-Account-Context, or null in public mode. */
    account: AccountRow | null;
    /** The signed-in caller; set by `requireAuth` (api/auth/middleware.ts). */
    identity: AuthIdentity;
  };
}
