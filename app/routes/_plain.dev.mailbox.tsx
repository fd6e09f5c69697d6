import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { z } from "~/platform/form.server";
import { useLoaderData } from "@remix-run/react";
import { OneFieldForm } from "~/features/dev/dev-parts";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { config } from "~/platform/config.server";
import { pageNotFound } from "~/platform/http.server";
import { INVALID_TEXT } from "~contract/text";
import { summarizeAttachment } from "~/features/dev-mailbox/attachments";
import { MailMessage, type MailboxMessage } from "~/features/dev-mailbox/mail-message";

/** Dev mailbox: what the outbox holds when no SMTP server is configured. Absent in production. */
export async function loader({ request }: LoaderFunctionArgs) {
  const QuerySchema = z.object({ to: z.string().trim().max(254).optional().catch(undefined) });
  if (config.production) throw await pageNotFound(request);
  const t = await i18next.getFixedT(request);
  const { to } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  // A NUL byte or half a surrogate pair cannot be in an address (the API would refuse the filter).
  if (to !== undefined && INVALID_TEXT.test(to)) throw data(t("mailbox.invalidFilter"), { status: 400 });
  const messages = await apiFor(request).call("devOutbox", { query: { to, limit: 50 } });
  // Attachments are listed by name, type and size; their content is downloaded on its own.
  const listed: MailboxMessage[] = messages.map((message) => ({
    ...message,
    attachments: message.attachments.map(summarizeAttachment),
  }));
  return { messages: listed, to: to ?? "", title: t("mailbox.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : [];

export default function DevMailbox() {
  const { messages, to, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("mailbox.hint")}</p>
      <OneFieldForm
        method="get"
        className="mt-4 flex items-end gap-2"
        label={t("mailbox.filter")}
        submit={t("mailbox.show")}
        input={{ name: "to", type: "search", defaultValue: to }}
      />
      {messages.length === 0 ? <p className="mt-6 text-slate-700">{t("mailbox.empty")}</p> : null}
      <ul className="mt-6 space-y-4">
        {messages.map((message) => (
          <MailMessage key={message.id} message={message} />
        ))}
      </ul>
    </main>
  );
}
