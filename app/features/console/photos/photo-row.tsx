import { type FieldMetadata } from "@conform-to/react";
import type { OperatorPhoto } from "~contract/photos";
import { ExperiencePicture } from "~/features/catalog/experience-picture";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { TextField } from "~/ui/text-field";
import { useFormErrors } from "~/ui/use-form-result";
import { usePhotoForm } from "./use-photo-form";
import { IntentForm } from "~/ui/intent-form";

/** A photo: its place, its alt text (a form), moving it (cover, up, down) and deleting it (asked first). */
export function PhotoRow({ photo, last }: { photo: OperatorPhoto; last: boolean }) {
  const { t } = useTranslation();
  const id = `alt:${photo.id}`;
  const [form, fields] = usePhotoForm("alt", id, { alt: photo.picture.alt, photoId: photo.id });
  const moveError = useFormErrors(`move:${photo.id}`);
  const deleteError = useFormErrors(`delete:${photo.id}`);
  const number = photo.position + 1;
  const who = t("photos.placeOf", { number });
  return (
    <li className="flex flex-wrap gap-4 rounded-xl border border-slate-200 p-4" data-testid="photo">
      <div className="w-40 shrink-0">
        <ExperiencePicture picture={photo.picture} sizes="160px" className="rounded-md" />
        <p className="mt-1 text-sm font-medium text-slate-800" data-testid="photo-place">
          {photo.cover ? t("photos.cover") : t("photos.place", { number })}
        </p>
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        <IntentForm meta={form} intent="alt" values={{ photoId: photo.id }} className="space-y-2">
          <TextField field={fields.alt as FieldMetadata<string | undefined>} label={t("photos.altOf", { number })} />
          <Button>{t("photos.saveAlt")}</Button>
        </IntentForm>
        <IntentForm errors={moveError} intent="move" values={{ photoId: photo.id }} className="flex flex-wrap gap-2">
          {photo.cover ? null : (
            <>
              <MoveButton position={0} label={t("photos.makeCover")} who={who} />
              <MoveButton position={photo.position - 1} label={t("photos.moveUp")} who={who} />
            </>
          )}
          {last ? null : <MoveButton position={photo.position + 1} label={t("photos.moveDown")} who={who} />}
        </IntentForm>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-red-800">{t("photos.delete")}</summary>
          <IntentForm errors={deleteError} intent="delete" values={{ photoId: photo.id }} className="mt-2 space-y-2">
            <p className="text-slate-800">{t("photos.deleteConfirm")}</p>
            <Button variant="dangerSolid" aria-label={t("photos.deleteWhich", { number })}>
              {t("photos.deleteNow")}
            </Button>
          </IntentForm>
        </details>
      </div>
    </li>
  );
}

function MoveButton({ position, label, who }: { position: number; label: string; who: string }) {
  return (
    <Button name="position" value={position} aria-label={`${label}: ${who}`}>
      {label}
    </Button>
  );
}
