import { useState } from "react";
import { srcSetOf, variantUrl, type Picture } from "~contract/picture";

type Props = {
  picture: Picture;
  /** How wide the picture is drawn, for the browser's choice of width (`sizes`). */
  sizes: string;
  /** The page's largest paint (the first card, the details' cover): fetched at once, first. */
  priority?: "high" | "eager" | "lazy";
  className?: string;
  /** Empty when the words beside it already say what it shows (a card's title). */
  alt?: string;
};

/**
 * An operator's photo: AVIF, then WebP, then JPEG at every width written (`srcset` with `sizes`),
 * with its width and height (no layout shift) and its tiny blurred placeholder behind it until
 * it has loaded. `priority`: "high" (eager, fetchpriority high), "eager", or "lazy" (the default).
 */
export function ExperiencePicture({ picture, sizes, priority = "lazy", className = "", alt }: Props) {
  const [loaded, setLoaded] = useState(false);
  const largest = picture.widths.at(-1)!;
  const height = Math.round((picture.height * largest) / picture.width);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(picture, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(picture, "webp")} sizes={sizes} />
      <img
        src={variantUrl(picture, picture.widths[0], "jpeg")}
        srcSet={srcSetOf(picture, "jpeg")}
        sizes={sizes}
        width={largest}
        height={height}
        alt={alt ?? picture.alt}
        loading={priority === "lazy" ? "lazy" : "eager"}
        fetchPriority={priority === "high" ? "high" : undefined}
        decoding="async"
        onLoad={() => setLoaded(true)}
        style={loaded ? undefined : { backgroundImage: `url(${picture.placeholder})`, backgroundSize: "cover" }}
        className={`h-auto w-full object-cover ${className}`.trim()}
      />
    </picture>
  );
}
