import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "~api/db/client";
import { experiences } from "~api/db/schema";
import { accountIdOf } from "./operator";

/** The id of an operator's experience that has a price (the `skip`-th by id): one whose photos a test changes. */
export async function pricedExperienceOf(db: Db, slug: string, skip = 0): Promise<string> {
  const rows = await db
    .select({ id: experiences.id })
    .from(experiences)
    .where(and(eq(experiences.accountId, await accountIdOf(db, slug)), isNotNull(experiences.priceFrom)))
    .orderBy(experiences.id);
  return rows[skip].id;
}

/** A landscape photo as an iPhone stores a portrait one: pixels sideways, EXIF Orientation 6, GPS. */
export async function iphoneStyleJpeg(width = 2000, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3a7bd5" } })
    .composite([
      {
        input: await sharp({ create: { width: 200, height: 100, channels: 3, background: "#ff0000" } })
          .png()
          .toBuffer(),
        top: 0,
        left: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "Apple", Model: "iPhone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 42/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "9/1 8/1 0/1" },
    })
    .toBuffer();
}
