import { type FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FileField } from "~/ui/file-field";
import { SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { PhotoDropZone } from "../photo-drop-zone";
import type { PhotosPageData } from "./photos-data";
import { usePhotoForm } from "./use-photo-form";
import { IntentForm } from "~/ui/intent-form";

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
      <IntentForm
        meta={form}
        intent="upload"
        values={{ idempotencyKey }}
        encType="multipart/form-data"
        className="mt-3 space-y-3"
      >
        <FileField field={file} label={t("photos.file")} hint={t("photos.fileHint")} accept={ACCEPT} required />
        <TextField
          field={fields.alt as FieldMetadata<string | undefined>}
          label={t("photos.alt")}
          hint={t("photos.altHint")}
        />
        <SubmitButton pending={pending} label={t("photos.upload")} pendingLabel={t("photos.uploading")} />
      </IntentForm>
    </PhotoDropZone>
  );
}
