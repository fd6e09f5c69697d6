import { data, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { INVALID_TEXT } from "~contract/text";
import { readFormData } from "./form.server";

/** A text field of an upload form is short; anything longer is refused unread. */
const MAX_TEXT_FIELD_BYTES = 16 * 1024;
/** The framing and the text fields around the file. */
const MARGIN_BYTES = 64 * 1024;

/** A file (or the whole upload) over its limit, refused while it is read. */
export class UploadTooLargeError extends Error {}

/**
 * The way an action reads an upload form (multipart/form-data, one file field): the file is read
 * as it streams, and the form refused (UploadTooLargeError) as soon as it passes `maxFileBytes`,
 * or the whole body that plus a small margin: nothing larger is ever held in memory. Text fields
 * are checked as readFormData checks them (~/platform/form.server). An empty file input is absent.
 */
export async function readUploadFormData(request: Request, maxFileBytes: number): Promise<FormData> {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? ""))
    throw data("Send this form as a form post with its file.", { status: 415 });
  const maxTotal = maxFileBytes + MARGIN_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > maxTotal) throw new UploadTooLargeError();
  let total = 0;
  const handler: UploadHandler = async ({ filename, contentType, data: parts }) => {
    const limit = filename === undefined ? MAX_TEXT_FIELD_BYTES : maxFileBytes;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of parts) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (size > limit || total > maxTotal) throw new UploadTooLargeError();
      chunks.push(chunk);
    }
    if (filename === undefined) {
      const text = new TextDecoder().decode(Buffer.concat(chunks));
      if (INVALID_TEXT.test(text))
        throw data("The form holds characters that cannot be used. Remove them and try again.", { status: 400 });
      return text;
    }
    if (!filename && size === 0) return undefined;
    return new File(chunks as BlobPart[], filename || "photo", { type: contentType });
  };
  try {
    return await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof UploadTooLargeError || error instanceof Response) throw error;
    if (error && typeof error === "object" && "type" in error && error.type === "DataWithResponseInit") throw error;
    throw data("The form could not be read. Try again.", { status: 400 });
  }
}

/**
 * A page's post whose forms are both plain and one upload: the upload read as readUploadFormData
 * reads it, any other post as readFormData. `null`: the upload passed `maxFileBytes` (nothing
 * more of it was read; the page says why on its file field, 413).
 */
export async function readFormOrUpload(request: Request, maxFileBytes: number): Promise<FormData | null> {
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return readFormData(request);
  try {
    return await readUploadFormData(request, maxFileBytes);
  } catch (error) {
    if (error instanceof UploadTooLargeError) return null;
    throw error;
  }
}
