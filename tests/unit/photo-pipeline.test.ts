// The photo pipeline (api/photos/pipeline.ts) on images made here with sharp: upright, no
// metadata, every variant and the placeholder; refusals by what the bytes are, with words.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { inspectPhoto, processPhoto } from "~api/photos/pipeline";
import { ApiError } from "~contract/errors";
import { MAX_PHOTO_BYTES } from "~contract/photos";
import { PHOTO_FORMATS } from "~contract/picture";
import { iphoneStyleJpeg } from "../support/photos";

async function refusal(bytes: Uint8Array): Promise<ApiError> {
  const error = await processPhoto(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("photo pipeline", () => {
  it("turns an iPhone-style JPEG upright and writes every variant without EXIF, GPS, XMP or ICC", async () => {
    const input = await iphoneStyleJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("Apple");
    expect([before.width, before.height]).toEqual([2000, 1500]);

    const photo = await processPhoto(new Uint8Array(input));
    // Orientation 6 is a quarter turn: the upright photo is 1500 wide, 2000 high.
    expect([photo.width, photo.height]).toEqual([1500, 2000]);
    // Never wider than the original: 1600 is left out.
    expect(photo.widths).toEqual([480, 960]);
    expect(photo.variants).toHaveLength(photo.widths.length * PHOTO_FORMATS.length);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : variant.format);
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((variant.width * 2000) / 1500));
      expect(meta.exif, `${variant.width}.${variant.format} keeps EXIF`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(Buffer.from(variant.bytes).toString("latin1")).not.toContain("Apple");
    }
    // The red corner (top left as stored) is at the top right once turned a quarter clockwise.
    const jpeg = photo.variants.find((variant) => variant.width === 480 && variant.format === "jpeg")!;
    const { data, info } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(info.width - 5, 5)[0]).toBeGreaterThan(200);
    expect(pixel(5, 5)[0]).toBeLessThan(120);

    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(photo.placeholder.length).toBeLessThanOrEqual(1024);
    const tiny = await sharp(Buffer.from(photo.placeholder.split(",")[1], "base64")).metadata();
    expect(tiny.width).toBe(16);
  });

  it("writes 480, 960 and 1600 of a large photo, and the original's width alone for a small one", async () => {
    const large = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    expect((await processPhoto(new Uint8Array(large))).widths).toEqual([480, 960, 1600]);
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#00000000" } })
      .webp()
      .toBuffer();
    const photo = await processPhoto(new Uint8Array(small));
    expect(photo.widths).toEqual([300]);
    expect(photo.variants.map((variant) => variant.format)).toEqual(["avif", "webp", "jpeg"]);
  });

  it("refuses a PNG over 40 megapixels (a decompression bomb) before decoding it: 422 with the size in words", async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#00ff00" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MAX_PHOTO_BYTES);
    const error = await refusal(new Uint8Array(bomb));
    expect([error.status, error.code]).toEqual([422, "image_too_large"]);
    expect(error.message).toContain("8000 × 6000");
    expect(error.message).toContain("40 megapixels");
  });

  it("refuses an SVG, a text file named .jpg and a GIF with 415 and a message", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const text = Buffer.from("This is not a photo, whatever its name says (holiday.jpg).");
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    for (const bytes of [svg, text, gif]) {
      const error = await refusal(new Uint8Array(bytes));
      expect([error.status, error.code]).toEqual([415, "unsupported_media_type"]);
      expect(error.message).toMatch(/JPEG, PNG, WebP or AVIF/);
    }
    await expect(inspectPhoto(new Uint8Array(svg))).rejects.toMatchObject({ status: 415 });
  });

  it("refuses a file over 10 MB with 413 and a message", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(await iphoneStyleJpeg(200, 100));
    const error = await refusal(big);
    expect([error.status, error.code]).toEqual([413, "payload_too_large"]);
    expect(error.message).toContain("10 MB");
  });

  it("refuses a truncated JPEG whose header reads but whose pixels do not: 415", async () => {
    const whole = await iphoneStyleJpeg(1200, 900);
    const error = await refusal(new Uint8Array(whole.subarray(0, Math.floor(whole.byteLength / 3))));
    expect(error.status).toBe(415);
  });
});
