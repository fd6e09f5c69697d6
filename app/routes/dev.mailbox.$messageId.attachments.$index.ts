import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { downloadDisposition } from "~/features/dev-mailbox/attachments";
import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { config } from "~/platform/config.server";
import { pageNotFound, requireParams } from "~/platform/http.server";

/**
 * One attachment of a dev-mailbox message, as a download (the calendar file of a confirmation).
 * Absent in production, like the mailbox. Served as an attachment under a CSP that runs nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (config.production) throw await pageNotFound(request);
  const { messageId, index } = await requireParams(request, params, {
    messageId: z.string().uuid(),
    index: z.coerce.number().int().min(0).max(99),
  });
  const message = await orNotFound(request, apiFor(request).call("devOutboxMessage", { params: { id: messageId } }));
  const file = message.attachments[index];
  if (!file) throw await pageNotFound(request);
  return new Response(Buffer.from(file.content, "base64"), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": downloadDisposition(file.name),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
