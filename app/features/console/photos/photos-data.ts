import type { getZodConstraint } from "@conform-to/zod";
import type { OperatorPhoto } from "~contract/photos";

/** The Photos page's data, as its loader gives it (and the page's parts read it). */
export interface PhotosPageData {
  experience: { id: string; title: string };
  photos: OperatorPhoto[];
  maxPhotos: number;
  constraints: { upload: ReturnType<typeof getZodConstraint>; alt: ReturnType<typeof getZodConstraint> };
  /** A fresh key per page answer: the upload form sent twice adds one photo (see UploadForm). */
  idempotencyKey: string;
  title: string;
  flash: string | null;
}
