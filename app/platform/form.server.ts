import { data } from "@remix-run/node";
import { INVALID_TEXT } from "~contract/text";

/** No form of ours comes near this (there are no uploads); a bigger body is refused unread. */
export const MAX_FORM_BYTES = 64 * 1024;

/** A body over the limit, refused before (or while) it is read. */
export class BodyTooLargeError extends Error {}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * THE way an action reads its form: a native form post (urlencoded or multipart), readable, its
 * text clean. Anything else is answered by the route's error page — 415 for another content type,
 * 413 past MAX_FORM_BYTES, 400 for a broken body or invalid characters — never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(contentType)) {
    throw data("Send this form as a form post.", { status: 415 });
  }
  const body = await readBoundedBody(request, MAX_FORM_BYTES).catch((error) => {
    if (error instanceof BodyTooLargeError) throw data("This form is too large to send.", { status: 413 });
    throw data("The form could not be read. Try again.", { status: 400 });
  });
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw data("The form could not be read. Try again.", { status: 400 });
  }
  for (const [name, value] of form) {
    if (INVALID_TEXT.test(name) || (typeof value === "string" && INVALID_TEXT.test(value))) {
      throw data("The form holds characters that cannot be used. Remove them and try again.", { status: 400 });
    }
  }
  return form;
}

/**
 * The body, read only while it stays within `maxBytes` (declared or streamed): BodyTooLargeError
 * past it, the stream's own error when the body breaks off.
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Blob> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw new BodyTooLargeError();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => {});
        throw new BodyTooLargeError();
      }
      chunks.push(next.value);
    }
  }
  return new Blob(chunks as BlobPart[]);
}

/*
 * What loaders and actions validate forms with. Route modules import these from here (and a form's
 * schema from its feature's *-forms.server module), never from zod, conform's zod adapter or a
 * schema module: the browser build of a route keeps an import even when only its action used it
 * (esbuild 0.17 in Remix's compiler), and a .server module is empty there. Pages validate in the
 * browser through useFormValidation, which loads the schemas later.
 */
export { getZodConstraint } from "@conform-to/zod";
export { z } from "zod";
export { parseWithZod } from "./parse-with-zod";
