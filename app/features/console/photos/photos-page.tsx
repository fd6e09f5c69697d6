import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { StatusMessage } from "~/ui/status-message";
import { ExperienceNav } from "../experience-nav";
import { PhotoRow } from "./photo-row";
import type { PhotosPageData } from "./photos-data";
import { UploadForm } from "./upload-form";
import { CardSection } from "~/ui/labelled-section";

/** One experience's photos: upload (a file input; drag-and-drop with JavaScript), alt text, order, cover, delete. */
export function PhotosPage() {
  const { experience, photos, maxPhotos, flash } = useLoaderData<PhotosPageData>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("photos.heading")}</h1>
      <p className="mt-1 text-slate-700">{experience.title}</p>
      <div className="mt-4">
        <ExperienceNav experienceId={experience.id} title={experience.title} />
      </div>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <CardSection headingId="upload-heading" heading={t("photos.add")} className="mt-6 max-w-xl">
        {photos.length >= maxPhotos ? (
          <p className="mt-2 text-sm text-slate-700">{t("photos.full", { count: maxPhotos })}</p>
        ) : (
          <UploadForm />
        )}
      </CardSection>
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
