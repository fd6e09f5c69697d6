import { and, asc, count, eq, sql } from "drizzle-orm";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_EXPERIENCE, type OperatorPhoto, type OperatorPhotos } from "~contract/photos";
import { PHOTO_EXTENSIONS, PHOTO_FORMATS } from "~contract/picture";
import type { Db } from "../db/client";
import { experiencePhotos, experiences } from "../db/schema";
import { ApiError, conflict, notFound } from "../http/errors";
import { randomId } from "../ids";
import { writeAudit, type Actor } from "../audit/log";
import { pictureOf } from "./picture";
import { storedOf } from "./stored";
import { processPhoto, type ProcessedPhoto } from "./pipeline";
import type { PhotoStorage } from "./storage-port";

type PhotoRow = typeof experiencePhotos.$inferSelect;

const experienceNotFound = () => notFound("This experience is not in your catalog.", "experience_not_found");
const photoNotFound = () => notFound("This photo is not one of this experience's.", "photo_not_found");

/** Every file of a photo: each format at each width. */
export const variantKeys = (prefix: string, widths: readonly number[]) =>
  widths.flatMap((width) => PHOTO_FORMATS.map((format) => `${prefix}/${width}.${PHOTO_EXTENSIONS[format]}`));

const toPhoto = (row: PhotoRow, storage: PhotoStorage): OperatorPhoto => ({
  id: row.id,
  position: row.position,
  cover: row.position === 0,
  picture: pictureOf(storedOf(row), storage),
  bytes: row.bytes,
  createdAt: row.createdAt.toISOString(),
});

/** The operator's experience (locked for the transaction's photo change when `lock`), else 404. */
async function ownedExperience(db: Db, accountId: string, experienceId: string, lock = false) {
  const query = db
    .select({ id: experiences.id, title: experiences.title })
    .from(experiences)
    .where(and(eq(experiences.id, experienceId), eq(experiences.accountId, accountId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw experienceNotFound();
  return row;
}

const photosOf = (db: Db, experienceId: string) =>
  db
    .select()
    .from(experiencePhotos)
    .where(eq(experiencePhotos.experienceId, experienceId))
    .orderBy(asc(experiencePhotos.position));

/** Photos at 0…n-1 in this order, and the experience's kept cover from the first. */
async function writeOrder(db: Db, experienceId: string, ids: readonly string[]): Promise<void> {
  // Out of the way first: each place is unique, and a swap would otherwise meet itself.
  await db
    .update(experiencePhotos)
    .set({ position: sql`-1 - ${experiencePhotos.position}` })
    .where(eq(experiencePhotos.experienceId, experienceId));
  for (const [position, id] of ids.entries())
    await db
      .update(experiencePhotos)
      .set({ position })
      .where(and(eq(experiencePhotos.id, id), eq(experiencePhotos.experienceId, experienceId)));
  await keepCover(db, experienceId);
}

/** experiences.cover_photo: the cover as a card draws it (null without photos). */
async function keepCover(db: Db, experienceId: string): Promise<void> {
  const [cover] = await db
    .select()
    .from(experiencePhotos)
    .where(and(eq(experiencePhotos.experienceId, experienceId), eq(experiencePhotos.position, 0)));
  await db
    .update(experiences)
    .set({ coverPhoto: cover ? storedOf(cover) : null })
    .where(eq(experiences.id, experienceId));
}

async function answer(db: Db, storage: PhotoStorage, experience: { id: string; title: string }) {
  const rows = await photosOf(db, experience.id);
  return {
    experience,
    photos: rows.map((row) => toPhoto(row, storage)),
    maxPhotos: MAX_PHOTOS_PER_EXPERIENCE,
    maxBytes: MAX_PHOTO_BYTES,
  } satisfies OperatorPhotos;
}

/** GET /v1/operator/experiences/{experienceId}/photos */
export async function listPhotos(db: Db, storage: PhotoStorage, accountId: string, experienceId: string) {
  return answer(db, storage, await ownedExperience(db, accountId, experienceId));
}

const tooMany = () =>
  conflict(
    `An experience may have ${MAX_PHOTOS_PER_EXPERIENCE} photos: delete one before adding another.`,
    "too_many_photos",
  );

/**
 * POST …/photos: the file through the pipeline (refusals: 413, 415, 422), its variants written to
 * the storage, then the photo, the kept cover and the audit row in one transaction, last in the
 * order (the first photo is the cover). Files of a photo that could not be recorded are deleted.
 */
export async function uploadPhoto(
  db: Db,
  storage: PhotoStorage,
  actor: Actor,
  experienceId: string,
  file: Blob,
  alt: string,
  /** Called in the transaction with the answer (the console's Idempotency-Key keeps it there). */
  keep: (tx: Db, photo: OperatorPhoto) => Promise<void> = async () => {},
): Promise<OperatorPhoto> {
  // Refused before any work: another operator's experience, a full gallery, a file too large.
  await ownedExperience(db, actor.accountId, experienceId);
  if ((await countPhotos(db, experienceId)) >= MAX_PHOTOS_PER_EXPERIENCE) throw tooMany();
  if (file.size > MAX_PHOTO_BYTES)
    throw new ApiError(413, "payload_too_large", "The photo is larger than 10 MB: choose a smaller file.");
  const processed = await processPhoto(new Uint8Array(await file.arrayBuffer()));
  const id = randomId("ph_", 20);
  const prefix = `photos/${experienceId}/${id}`;
  await writeFiles(storage, prefix, processed);
  try {
    return await db.transaction(async (tx) => {
      await ownedExperience(tx, actor.accountId, experienceId, true);
      const position = await countPhotos(tx, experienceId);
      if (position >= MAX_PHOTOS_PER_EXPERIENCE) throw tooMany();
      const [inserted] = await tx
        .insert(experiencePhotos)
        .values({
          id,
          experienceId,
          position,
          alt,
          width: processed.width,
          height: processed.height,
          widths: processed.widths,
          formats: [...PHOTO_FORMATS],
          storagePrefix: prefix,
          placeholder: processed.placeholder,
          bytes: processed.variants.reduce((sum, variant) => sum + variant.bytes.byteLength, 0),
        })
        .returning();
      if (position === 0) await keepCover(tx, experienceId);
      await writeAudit(tx, actor, "photo.uploaded", { experienceId, photoId: id, alt });
      const photo = toPhoto(inserted, storage);
      await keep(tx, photo);
      return photo;
    });
  } catch (error) {
    await storage.delete(variantKeys(prefix, processed.widths)).catch(() => undefined);
    throw error;
  }
}

async function countPhotos(db: Db, experienceId: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(experiencePhotos)
    .where(eq(experiencePhotos.experienceId, experienceId));
  return total;
}

async function writeFiles(storage: PhotoStorage, prefix: string, processed: ProcessedPhoto): Promise<void> {
  const written: string[] = [];
  try {
    for (const variant of processed.variants) {
      const key = `${prefix}/${variant.width}.${PHOTO_EXTENSIONS[variant.format]}`;
      await storage.put(key, variant.bytes, variant.contentType);
      written.push(key);
    }
  } catch (error) {
    await storage.delete(written).catch(() => undefined);
    throw error;
  }
}

/** The experience's photos, locked, and the one named (404 when it is not among them). */
async function lockedPhotos(db: Db, accountId: string, experienceId: string) {
  const experience = await ownedExperience(db, accountId, experienceId, true);
  const rows = await photosOf(db, experienceId).for("update");
  return { experience, rows };
}

/** PATCH …/photos/{photoId}: alt text and/or its place (0: the cover; past the end: last). */
export async function updatePhoto(
  db: Db,
  storage: PhotoStorage,
  actor: Actor,
  experienceId: string,
  photoId: string,
  change: { alt?: string; position?: number },
): Promise<OperatorPhotos> {
  return db.transaction(async (tx) => {
    const { experience, rows } = await lockedPhotos(tx, actor.accountId, experienceId);
    const photo = rows.find((row) => row.id === photoId);
    if (!photo) throw photoNotFound();
    if (change.alt !== undefined && change.alt !== photo.alt) {
      await tx.update(experiencePhotos).set({ alt: change.alt }).where(eq(experiencePhotos.id, photoId));
      if (photo.position === 0) await keepCover(tx, experienceId);
      await writeAudit(tx, actor, "photo.alt_changed", { experienceId, photoId, alt: change.alt });
    }
    if (change.position !== undefined && change.position !== photo.position) {
      const ids = rows.map((row) => row.id).filter((id) => id !== photoId);
      const position = Math.min(change.position, ids.length);
      ids.splice(position, 0, photoId);
      await writeOrder(tx, experienceId, ids);
      await writeAudit(tx, actor, position === 0 ? "photo.made_cover" : "photo.moved", {
        experienceId,
        photoId,
        position: String(position),
      });
    }
    return answer(tx, storage, experience);
  });
}

/** PUT …/photo-order: exactly the experience's photos, each once (else 409 `photo_order_mismatch`). */
export async function reorderPhotos(
  db: Db,
  storage: PhotoStorage,
  actor: Actor,
  experienceId: string,
  photoIds: readonly string[],
): Promise<OperatorPhotos> {
  return db.transaction(async (tx) => {
    const { experience, rows } = await lockedPhotos(tx, actor.accountId, experienceId);
    const current = rows.map((row) => row.id);
    if (new Set(photoIds).size !== photoIds.length || [...current].sort().join() !== [...photoIds].sort().join())
      throw conflict("Send every photo of this experience once, in the new order.", "photo_order_mismatch");
    if (current.join() !== photoIds.join()) {
      await writeOrder(tx, experienceId, photoIds);
      await writeAudit(tx, actor, "photo.reordered", { experienceId, order: photoIds.join(",") });
    }
    return answer(tx, storage, experience);
  });
}

/** DELETE …/photos/{photoId}: the photo, then its files; the next one becomes the cover. */
export async function deletePhoto(
  db: Db,
  storage: PhotoStorage,
  actor: Actor,
  experienceId: string,
  photoId: string,
): Promise<OperatorPhotos> {
  const { result, removed } = await db.transaction(async (tx) => {
    const { experience, rows } = await lockedPhotos(tx, actor.accountId, experienceId);
    const photo = rows.find((row) => row.id === photoId);
    if (!photo) throw photoNotFound();
    await tx.delete(experiencePhotos).where(eq(experiencePhotos.id, photoId));
    await writeOrder(
      tx,
      experienceId,
      rows.filter((row) => row.id !== photoId).map((row) => row.id),
    );
    await writeAudit(tx, actor, "photo.deleted", { experienceId, photoId, alt: photo.alt });
    return { result: await answer(tx, storage, experience), removed: photo };
  });
  // After the commit: a failed delete leaves files nobody links to, never a photo without files.
  await storage.delete(variantKeys(removed.storagePrefix, removed.widths));
  return result;
}
