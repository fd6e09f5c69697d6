import { useLoaderData } from "@remix-run/react";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIntentForm } from "../use-intent-form";
import type { PhotosPageData } from "./photos-data";

/** A form of the Photos page (see useIntentForm). */
export function usePhotoForm(
  intent: "upload" | "alt",
  id: string,
  defaults: Record<string, string> = {},
  version = "",
) {
  const { constraints } = useLoaderData<PhotosPageData>();
  const validation = useFormValidation(
    () => import("~/features/console/photo-schemas"),
    (schemas) => schemas.PHOTO_SCHEMAS[intent],
  );
  return useIntentForm("photos", id, constraints[intent], validation, defaults, version);
}
