import { randomFillSync } from "node:crypto";

/**
 * A page's CSP nonce: 16 bytes from the system's CSPRNG, each used once. They are drawn 256
 * nonces at a time: one call into OpenSSL costs about as much for 4 KiB as for 16 bytes, and every
 * page answered (rendered or from the micro-cache) needs one.
 */
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

/** @returns {string} base64, as a CSP nonce-source wants */
export function newNonce() {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
