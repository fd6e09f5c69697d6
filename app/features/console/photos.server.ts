import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MAX_PHOTO_BYTES } from "~contract/picture";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { PHOTO_SCHEMAS } from "./console-forms.server";
import { requireExperiencePage } from "./console.server";
import { catalogAction, uploadReader } from "./intent-action.server";
import type { PhotosPageData } from "./photos/photos-data";

export async function loadPhotosPage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, t } = await requireExperiencePage(request, params);
  const gallery = await orNotFound(
    request,
    api.call("operatorListPhotos", { params: { experienceId } }),
    "experience_not_found",
  );
  const page: Omit<PhotosPageData, "flash"> = {
    ...gallery,
    constraints: { upload: getZodConstraint(PHOTO_SCHEMAS.upload), alt: getZodConstraint(PHOTO_SCHEMAS.alt) },
    idempotencyKey: crypto.randomUUID(),
    title: t("photos.title", { title: gallery.experience.title }),
  };
  return withFlash(request, page);
}

export const photosAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: PHOTO_SCHEMAS,
    // Nothing more of a file too large is read: the page says why, on the file field.
    read: uploadReader(MAX_PHOTO_BYTES, "upload", PHOTO_SCHEMAS.upload, "photos.fileTooLarge"),
    row: (intent) => (intent === "upload" ? null : "photoId"),
    shown: {
      codes: {
        unsupported_media_type: { field: "file", key: "photos.unsupported" },
        payload_too_large: { field: "file", key: "photos.fileTooLarge" },
        image_too_large: { field: "file", key: "photos.tooManyPixels" },
        too_many_photos: { key: "photos.tooManyPhotos" },
        photo_not_found: { key: "photos.notFound" },
      },
      fields: { alt: "photos.altRequired" },
    },
    async run(value, { api, params: { experienceId } }) {
      switch (value.intent) {
        case "upload":
          await api.call("operatorUploadPhoto", {
            params: { experienceId },
            headers: { "Idempotency-Key": value.idempotencyKey },
            body: { file: value.file, alt: value.alt },
          });
          return { flash: "photos.uploaded" };
        case "alt":
          await api.call("operatorUpdatePhoto", {
            params: { experienceId, photoId: value.photoId },
            body: { alt: value.alt },
          });
          return { flash: "photos.altSaved" };
        case "move":
          await api.call("operatorUpdatePhoto", {
            params: { experienceId, photoId: value.photoId },
            body: { position: value.position },
          });
          return { flash: "photos.moved" };
        case "delete":
          await api.call("operatorDeletePhoto", { params: { experienceId, photoId: value.photoId } });
          return { flash: "photos.deleted" };
      }
    },
  });
