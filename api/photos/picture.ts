import type { Picture } from "~contract/picture";
import type { StoredPicture } from "../db/schema";
import type { PhotoStorage } from "./storage-port";

/** A kept picture as pages draw it: its address from the storage that holds it. */
export const pictureOf = (stored: StoredPicture, storage: PhotoStorage): Picture => ({
  src: storage.url(stored.prefix),
  widths: stored.widths,
  width: stored.width,
  height: stored.height,
  alt: stored.alt,
  placeholder: stored.placeholder,
});
