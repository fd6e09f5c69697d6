import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { deletePhoto, listPhotos, reorderPhotos, updatePhoto, uploadPhoto } from "../photos/service";
import { photoStorage } from "../photos/storage";
import { actorOf } from "../members/guard";
import { once, requestOf } from "./idempotency";

/** The console's photos of an experience (owner, manager): api/photos does the work. */
export const photoRoutes = new Hono<AppEnv>();

handle(photoRoutes, endpoints.operatorListPhotos, async (c, { params, member }) => {
  return listPhotos(c.get("db"), photoStorage(), member.account.id, params.experienceId);
});

// One photo per Idempotency-Key: the upload form sent twice adds it once.
handle(photoRoutes, endpoints.operatorUploadPhoto, async (c, { params, body, headers, member }) => {
  const actor = actorOf(member, clientIp(c));
  const request = await requestOf(`photo:${params.experienceId}`, body.alt, body.file);
  const photo = await once(c.get("db"), member, headers, request, (keep) =>
    uploadPhoto(c.get("db"), photoStorage(), actor, params.experienceId, body.file, body.alt, keep),
  );
  return new WithStatus(201, photo);
});

handle(photoRoutes, endpoints.operatorUpdatePhoto, async (c, { params, body, member }) => {
  const actor = actorOf(member, clientIp(c));
  return updatePhoto(c.get("db"), photoStorage(), actor, params.experienceId, params.photoId, body);
});

handle(photoRoutes, endpoints.operatorReorderPhotos, async (c, { params, body, member }) => {
  const actor = actorOf(member, clientIp(c));
  return reorderPhotos(c.get("db"), photoStorage(), actor, params.experienceId, body.photoIds);
});

handle(photoRoutes, endpoints.operatorDeletePhoto, async (c, { params, member }) => {
  const actor = actorOf(member, clientIp(c));
  return deletePhoto(c.get("db"), photoStorage(), actor, params.experienceId, params.photoId);
});
