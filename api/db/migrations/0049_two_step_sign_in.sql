-- Two-step sign-in (issue 43). Firebase stays the first factor; the second lives here: an
-- authenticator app (TOTP, its secret sealed with TWO_STEP_KEY: AES-256-GCM), passkeys (WebAuthn
-- public keys), ten single-use recovery codes (HMAC-SHA-256 with the same key: never in clear).
-- A session's second step is recorded by the hash of its token, like a signed-out session.
ALTER TABLE "users" ADD COLUMN "second_factor_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_platform_admin" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "require_two_step" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_totp" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "secret_sealed" text NOT NULL,
  "confirmed_at" timestamp with time zone,
  "pending_expires_at" timestamp with time zone,
  "last_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_passkeys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "credential_id" text NOT NULL,
  "public_key" text NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL,
  "transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  CONSTRAINT "user_passkeys_credential_id_key" UNIQUE ("credential_id")
);
--> statement-breakpoint
CREATE INDEX "user_passkeys_user_id_idx" ON "user_passkeys" ("user_id");
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  CONSTRAINT "user_recovery_codes_pk" PRIMARY KEY ("user_id", "code_hash")
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "purpose" text NOT NULL,
  "challenge" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "webauthn_challenges_pk" PRIMARY KEY ("user_id", "purpose"),
  CONSTRAINT "webauthn_challenges_purpose" CHECK ("purpose" IN ('register', 'authenticate'))
);
--> statement-breakpoint
CREATE TABLE "session_second_steps" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "verified_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_second_steps_user_id_idx" ON "session_second_steps" ("user_id");
--> statement-breakpoint
CREATE INDEX "session_second_steps_expires_idx" ON "session_second_steps" ("expires_at");
--> statement-breakpoint
CREATE TABLE "second_step_attempts" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "failures" integer DEFAULT 0 NOT NULL,
  "window_started_at" timestamp with time zone NOT NULL,
  "locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "security_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "action" text NOT NULL,
  "detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "actor_id" text REFERENCES "users"("id") ON DELETE set null,
  "client_address" text NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_events_user_id_at_idx" ON "security_events" ("user_id", "at");
