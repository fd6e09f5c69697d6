import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { apiMediaUrl, assertSafeKey, type PhotoStorage } from "./storage-port";

export interface S3Settings {
  bucket: string;
  /** The bucket's API origin; requests are path-style: `{endpoint}/{bucket}/{key}`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the files (the bucket's public address, a CDN); null: through /v1/media/…. */
  publicUrl: string | null;
}

/** Photos in an S3-compatible bucket (AWS S3, R2, MinIO, …), each request signed with SigV4 (aws4fetch). */
export function s3Storage(settings: S3Settings): PhotoStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 2,
  });
  const origin = settings.endpoint.replace(/\/$/, "");
  const objectUrl = (key: string) => `${origin}/${settings.bucket}/${assertSafeKey(key)}`;
  const fail = async (what: string, response: Response) => {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw new Error(`S3 ${what} answered ${response.status}: ${detail}`);
  };
  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: bytes as BodyInit,
        headers: {
          "Content-Type": contentType,
          // Signed with the payload's hash: the bucket refuses bytes changed on the way.
          "X-Amz-Content-Sha256": createHash("sha256").update(bytes).digest("hex"),
          "Cache-Control": "public, max-age=31536000, immutable",
        },
      });
      if (!response.ok) await fail(`PUT ${key}`, response);
      await response.body?.cancel();
    },
    async delete(keys) {
      for (const key of keys) {
        const response = await client.fetch(objectUrl(key), { method: "DELETE" });
        if (!response.ok && response.status !== 404) await fail(`DELETE ${key}`, response);
        await response.body?.cancel();
      }
    },
    async read(key) {
      const response = await client.fetch(objectUrl(key), { method: "GET" });
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return fail(`GET ${key}`, response);
      const size = Number(response.headers.get("Content-Length"));
      return { body: response.body, size: Number.isFinite(size) && size > 0 ? size : null };
    },
    url: (key) =>
      settings.publicUrl ? `${settings.publicUrl.replace(/\/$/, "")}/${assertSafeKey(key)}` : apiMediaUrl(key),
  };
}
