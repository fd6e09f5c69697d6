import { data } from "@remix-run/node";
import { INVALID_TEXT } from "~contract/text";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * THE way an action reads its form: a native form post (urlencoded or multipart), readable, its
 * text clean. Anything else is answered by the route's error page — 415 for another content type,
 * 400 for a broken body or invalid characters — never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) {
    throw data("Send this form as a form post.", { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
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
