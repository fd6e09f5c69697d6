import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { twoStepKey } from "../env";

/**
 * Secrets at rest (issue 43), with TWO_STEP_KEY (api/env.ts): an authenticator app's secret is
 * sealed with AES-256-GCM ("v1:<iv>:<tag>:<ciphertext>", each base64url), so a copy of the
 * database alone reads nothing; a recovery code is kept only as its HMAC-SHA-256.
 */
const VERSION = "v1";

export function seal(plain: string, key: Buffer = twoStepKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

/** The plain text of a sealed value; throws when it was sealed with another key or altered. */
export function unseal(sealed: string, key: Buffer = twoStepKey): string {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** HMAC-SHA-256 of a value with the key, in hex: how a recovery code is stored and looked up. */
export function keyedHash(value: string, key: Buffer = twoStepKey): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
