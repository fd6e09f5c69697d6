import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { PhotoDropZone } from "../photo-drop-zone";
import type { PhotosPageData } from "./photos-data";
import { usePhotoForm } from "./use-photo-form";

/** What the photo files may be: the API reads the bytes; this only filters the file picker. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * The upload form: its key is the page answer's, so sending it twice adds the photo once; once the
 * photo is on the page the form starts again, empty (formVersion), with JavaScript too.
 */
export function UploadForm() {
  const { t } = useTranslation();
  const { idempotencyKey, photos } = useLoaderData<PhotosPageData>();
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
