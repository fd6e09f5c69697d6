import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import type { OperatorPhoto } from "~contract/photos";
import { MAX_PHOTO_BYTES } from "~contract/picture";
import { isPhotoIntent, PHOTO_SCHEMAS, type PhotoIntent } from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { ExperienceNav } from "~/features/console/experience-nav";
import { PhotoDropZone } from "~/features/console/photo-drop-zone";
import { ExperiencePicture } from "~/features/catalog/experience-picture";
import { apiErrorResult, orNotFound } from "~/platform/api-errors.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { idParam, passHeaders, requireParams } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { readFormOrUpload } from "~/platform/upload.server";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";

/** What the photo files may be: the API reads the bytes; this only filters the file picker. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { experienceId } = await requireParams(request, params, { experienceId: idParam });
  const [{ api }, t] = await Promise.all([requireConsoleAbility(request, "manageCatalog"), i18next.getFixedT(request)]);
  const gallery = await orNotFound(
    request,
    api.call("operatorListPhotos", { params: { experienceId } }),
    "experience_not_found",
  );
  const constraints = { upload: getZodConstraint(PHOTO_SCHEMAS.upload), alt: getZodConstraint(PHOTO_SCHEMAS.alt) };
  return withFlash(request, {
    ...gallery,
    constraints,
    // A fresh key per page answer: the upload form sent twice adds one photo (see UploadForm).
    idempotencyKey: crypto.randomUUID(),
    title: t("photos.title", { title: gallery.experience.title }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// The API's status (413, 415, 422, 409) stays on the page's answer.
export const headers = passHeaders;

const FLASH: Record<PhotoIntent, string> = {
  upload: "photos.uploaded",
  alt: "photos.altSaved",
  move: "photos.moved",
  delete: "photos.deleted",
};

/** Each form posts here with its intent; the upload is multipart (its file streamed, capped at 10 MB). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { experienceId } = await requireParams(request, params, { experienceId: idParam });
  const { api } = await requireConsoleAbility(request, "manageCatalog");
  const formData = await readFormOrUpload(request, MAX_PHOTO_BYTES);
  if (formData === null) {
    // Nothing more of the file is read: the page says why, on the file field.
    const submission = parseWithZod(new FormData(), { schema: PHOTO_SCHEMAS.upload });
    return formResult(submission.reply({ fieldErrors: { file: ["photos.fileTooLarge"] } }), {
      intent: "upload",
      status: 413,
    });
  }
  const intent = formData.get("intent");
  if (!isPhotoIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  const submission = parseWithZod(formData, { schema: PHOTO_SCHEMAS[intent] });
  const formId = rowIntent(intent, formData.get("photoId"));
  if (submission.status !== "success") return formResult(submission.reply(), { intent: formId });
  const value = submission.value as z.output<(typeof PHOTO_SCHEMAS)[PhotoIntent]>;
  try {
    switch (value.intent) {
      case "upload":
        await api.call("operatorUploadPhoto", {
          params: { experienceId },
          headers: { "Idempotency-Key": value.idempotencyKey },
          body: { file: value.file, alt: value.alt },
        });
        break;
      case "alt":
        await api.call("operatorUpdatePhoto", {
          params: { experienceId, photoId: value.photoId },
          body: { alt: value.alt },
        });
        break;
      case "move":
        await api.call("operatorUpdatePhoto", {
          params: { experienceId, photoId: value.photoId },
          body: { position: value.position },
        });
        break;
      case "delete":
        await api.call("operatorDeletePhoto", { params: { experienceId, photoId: value.photoId } });
        break;
    }
  } catch (error) {
    return apiErrorResult(error, submission, {
      codes: {
        unsupported_media_type: { field: "file", key: "photos.unsupported" },
        payload_too_large: { field: "file", key: "photos.fileTooLarge" },
        image_too_large: { field: "file", key: "photos.tooManyPixels" },
        too_many_photos: { key: "photos.tooManyPhotos" },
        photo_not_found: { key: "photos.notFound" },
      },
      fields: { alt: "photos.altRequired" },
      intent: formId,
    });
  }
  return redirect(`/console/experiences/${experienceId}/photos`, {
    headers: { "Set-Cookie": await setFlash(FLASH[intent]) },
  });
}

function rowIntent(intent: PhotoIntent, photoId: FormDataEntryValue | null): string {
  return intent === "upload" ? intent : `${intent}:${typeof photoId === "string" ? photoId : ""}`;
}

/** One experience's photos: upload (a file input; drag-and-drop with JavaScript), alt text, order, cover, delete. */
export default function PhotosPage() {
  const { experience, photos, maxPhotos, flash } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("photos.heading")}</h1>
      <p className="mt-1 text-slate-700">{experience.title}</p>
      <div className="mt-4">
        <ExperienceNav experienceId={experience.id} title={experience.title} />
      </div>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <section aria-labelledby="upload-heading" className="mt-6 max-w-xl rounded-xl border border-slate-200 p-4">
        <h2 id="upload-heading" className="text-lg font-semibold text-brand-ink">
          {t("photos.add")}
        </h2>
        {photos.length >= maxPhotos ? (
          <p className="mt-2 text-sm text-slate-700">{t("photos.full", { count: maxPhotos })}</p>
        ) : (
          <UploadForm />
        )}
      </section>
      <section aria-labelledby="gallery-heading" className="mt-8">
        <h2 id="gallery-heading" className="text-lg font-semibold text-brand-ink">
          {t("photos.gallery", { count: photos.length })}
        </h2>
        {photos.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("photos.none")}</p>
        ) : (
          <ol className="mt-3 space-y-4" data-testid="photos">
            {photos.map((photo) => (
              <PhotoRow key={photo.id} photo={photo} last={photo.position === photos.length - 1} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** `version`: a new one resets the form (conform starts it again, empty). */
function usePhotoForm(intent: "upload" | "alt", id: string, defaults: Record<string, string> = {}, version = "") {
  const { constraints } = useLoaderData<typeof loader>();
  const lastResult = useFormResult(id);
  return useForm({
    id: `photos-${id.replace(":", "-")}${version}`,
    lastResult,
    defaultValue: defaults,
    constraint: constraints[intent],
    ...useFormValidation(
      () => import("~/features/console/photo-schemas"),
      (schemas) => schemas.PHOTO_SCHEMAS[intent],
    ),
  });
}

/**
 * The upload form: its key is the page answer's, so sending it twice adds the photo once; once the
 * photo is on the page the form starts again, empty (formVersion), with JavaScript too.
 */
function UploadForm() {
  const { t } = useTranslation();
  const { idempotencyKey, photos } = useLoaderData<typeof loader>();
  const version = formVersion(photos.map((photo) => photo.id));
  const [form, fields] = usePhotoForm("upload", "upload", {}, `-${version}`);
  const pending = useIsPending({ intent: "upload" });
  const file = fields.file as FieldMetadata<File | undefined>;
  return (
    <PhotoDropZone altInputId={fields.alt.id} fileInputId={file.id}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div>
          <label htmlFor={file.id} className="block text-sm font-medium text-slate-800">
            {t("photos.file")}
          </label>
          <input
            {...getInputProps(file, { type: "file", ariaAttributes: false })}
            key={file.key}
            accept={ACCEPT}
            required
            aria-invalid={file.errors?.length ? true : undefined}
            aria-describedby={[`${file.id}-hint`, file.errors?.length ? file.errorId : null].filter(Boolean).join(" ")}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p id={`${file.id}-hint`} className="mt-1 text-xs text-slate-700">
            {t("photos.fileHint")}
          </p>
          <FieldError field={file} />
        </div>
        <TextField
          field={fields.alt as FieldMetadata<string | undefined>}
          label={t("photos.alt")}
          hint={t("photos.altHint")}
        />
        <SubmitButton pending={pending} label={t("photos.upload")} pendingLabel={t("photos.uploading")} />
      </Form>
    </PhotoDropZone>
  );
}

function PhotoRow({ photo, last }: { photo: OperatorPhoto; last: boolean }) {
  const { t } = useTranslation();
  const id = `alt:${photo.id}`;
  const [form, fields] = usePhotoForm("alt", id, { alt: photo.picture.alt, photoId: photo.id });
  const moveError = useFormResult(`move:${photo.id}`)?.error?.[""] ?? undefined;
  const deleteError = useFormResult(`delete:${photo.id}`)?.error?.[""] ?? undefined;
  const number = photo.position + 1;
  return (
    <li className="flex flex-wrap gap-4 rounded-xl border border-slate-200 p-4" data-testid="photo">
      <div className="w-40 shrink-0">
        <ExperiencePicture picture={photo.picture} sizes="160px" className="rounded-md" />
        <p className="mt-1 text-sm font-medium text-slate-800" data-testid="photo-place">
          {photo.cover ? t("photos.cover") : t("photos.place", { number })}
        </p>
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        <Form method="post" {...getFormProps(form)} className="space-y-2">
          <FormError errors={form.errors} id={form.errorId} />
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="photoId" value={photo.id} />
          <TextField field={fields.alt as FieldMetadata<string | undefined>} label={t("photos.altOf", { number })} />
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
            {t("photos.saveAlt")}
          </button>
        </Form>
        <Form method="post" className="flex flex-wrap gap-2">
          <FormError errors={moveError} />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="photoId" value={photo.id} />
          {photo.cover ? null : (
            <>
              <MoveButton position={0} label={t("photos.makeCover")} who={t("photos.placeOf", { number })} />
              <MoveButton
                position={photo.position - 1}
                label={t("photos.moveUp")}
                who={t("photos.placeOf", { number })}
              />
            </>
          )}
          {last ? null : (
            <MoveButton
              position={photo.position + 1}
              label={t("photos.moveDown")}
              who={t("photos.placeOf", { number })}
            />
          )}
        </Form>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-red-800">{t("photos.delete")}</summary>
          <Form method="post" className="mt-2 space-y-2">
            <FormError errors={deleteError} />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="photoId" value={photo.id} />
            <p className="text-slate-800">{t("photos.deleteConfirm")}</p>
            <button
              type="submit"
              className="rounded-md bg-red-700 px-3 py-2 font-semibold text-white"
              aria-label={t("photos.deleteWhich", { number })}
            >
              {t("photos.deleteNow")}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

function MoveButton({ position, label, who }: { position: number; label: string; who: string }) {
  return (
    <button
      type="submit"
      name="position"
      value={position}
      aria-label={`${label}: ${who}`}
      className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium"
    >
      {label}
    </button>
  );
}
