import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { notFound } from "../http/errors";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { photoStorage } from "../photos/storage";
import { LOGO_CONTENT_TYPES, type LogoFormat } from "~contract/operator/branding";
import { getBranding, publishBranding, removeLogo, updateBranding, uploadLogo } from "./branding";
import { actorOf } from "../members/guard";
import { once, requestOf } from "./idempotency";

/** The console's branding (owner, manager; a guide: 403): api/operator/branding.ts does the work. */
export const brandingRoutes = new Hono<AppEnv>();

handle(brandingRoutes, endpoints.operatorGetBranding, async (c, { member }) => {
  return getBranding(c.get("db"), member.account.id);
});

handle(brandingRoutes, endpoints.operatorUpdateBranding, async (c, { body, member }) => {
  return updateBranding(c.get("db"), actorOf(member, clientIp(c)), body);
});

handle(brandingRoutes, endpoints.operatorPublishBranding, async (c, { member }) => {
  return publishBranding(c.get("db"), actorOf(member, clientIp(c)));
});

// One logo per Idempotency-Key: the logo form sent twice uploads it once.
handle(brandingRoutes, endpoints.operatorUploadLogo, async (c, { body, headers, member }) => {
  const actor = actorOf(member, clientIp(c));
  const branding = await once(c.get("db"), member, headers, await requestOf("logo", body.file), (keep) =>
    uploadLogo(c.get("db"), photoStorage(), actor, body.file, keep),
  );
  return new WithStatus(201, branding);
});

handle(brandingRoutes, endpoints.operatorRemoveLogo, async (c, { member }) => {
  return removeLogo(c.get("db"), photoStorage(), actorOf(member, clientIp(c)));
});

/** GET /v1/media/logos/…: a logo's files, for the disk storage (and a bucket without a public address). */
handle(brandingRoutes, endpoints.mediaLogo, { db: false }, async (c, { params }) => {
  // The params are single safe segments (contract/operator/branding.ts logoMediaParams).
  const key = `logos/${params.accountId}/${params.logoId}/${params.file}`;
  const file = await photoStorage().read(key);
  if (!file) throw notFound("No such file.");
  const headers: Record<string, string> = {
    "Content-Type": LOGO_CONTENT_TYPES[params.file.split(".")[1] as LogoFormat],
    // A logo's files never change: a new logo has a new address.
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (file.size !== null) headers["Content-Length"] = String(file.size);
  return new Response(c.req.method === "HEAD" ? null : file.body, { status: 200, headers });
});
