import { getApiEnv, type ApiEnv } from "../env";
import { diskStorage } from "./disk-storage";
import { s3Storage } from "./s3-storage";
import type { PhotoStorage } from "./storage-port";

/** The adapter the settings choose: the bucket when S3_BUCKET is set, else the disk (MEDIA_DIR). */
export function storageFor(env: ApiEnv): PhotoStorage {
  if (env.S3_BUCKET)
    return s3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      publicUrl: env.MEDIA_PUBLIC_URL ?? null,
    });
  return diskStorage(env.MEDIA_DIR, env.MEDIA_PUBLIC_URL ?? null);
}

let chosen: PhotoStorage | undefined;

/** This process's photo storage, chosen once from its settings. */
export function photoStorage(): PhotoStorage {
  return (chosen ??= storageFor(getApiEnv()));
}
