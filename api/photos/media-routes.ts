import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { PHOTO_CONTENT_TYPES, PHOTO_EXTENSIONS, type PhotoFormat } from "~contract/picture";
import { notFound } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { photoStorage } from "./storage";

const FORMAT_OF_EXTENSION = Object.fromEntries(
  Object.entries(PHOTO_EXTENSIONS).map(([format, extension]) => [extension, format as PhotoFormat]),
);

/** GET /v1/media/…: the photos' files, for the disk storage (and a bucket without a public address). */
export const mediaRoutes = new Hono<AppEnv>();

handle(mediaRoutes, endpoints.mediaFile, { db: false }, async (c, { params }) => {
  // The params are single safe segments (contract/photos.ts mediaParams): no way out of photos/.
  const key = `photos/${params.experienceId}/${params.photoId}/${params.file}`;
  const format = FORMAT_OF_EXTENSION[params.file.split(".")[1]];
  const file = await photoStorage().read(key);
  if (!file) throw notFound("No such file.");
  const headers: Record<string, string> = {
    "Content-Type": PHOTO_CONTENT_TYPES[format],
    // A photo's files never change: a new photo has a new address.
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (file.size !== null) headers["Content-Length"] = String(file.size);
  return new Response(c.req.method === "HEAD" ? null : file.body, { status: 200, headers });
});
