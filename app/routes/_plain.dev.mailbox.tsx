import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { z } from "~/platform/form.server";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { config } from "~/platform/config.server";
import { pageNotFound } from "~/platform/http.server";
import { INVALID_TEXT } from "~contract/text";
import { formatDateTime, TRAVELLER_TIME_ZONE } from "~/ui/date-format";

/** Dev mailbox: what the outbox holds when no SMTP server is configured. Absent in production. */
export async function loader({ request }: LoaderFunctionArgs) {
  const QuerySchema = z.object({ to: z.string().trim().max(254).optional().catch(undefined) });
  if (config.production) throw await pageNotFound(request);
  const t = await i18next.getFixedT(request);
  const { to } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  // A NUL byte or half a surrogate pair cannot be in an address (the API would refuse the filter).
  if (to !== undefined && INVALID_TEXT.test(to)) throw data(t("mailbox.invalidFilter"), { status: 400 });
  const messages = await apiFor(request).call("devOutbox", { query: { to, limit: 50 } });
  return { messages, to: to ?? "", title: t("mailbox.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : [];

export default function DevMailbox() {
  const { messages, to, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("mailbox.hint")}</p>
      <Form method="get" className="mt-4 flex items-end gap-2">
        <label className="text-sm font-medium">
          {t("mailbox.filter")}
          <input
            name="to"
            type="search"
            defaultValue={to}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2"
          />
        </label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
          {t("mailbox.show")}
        </button>
      </Form>
      {messages.length === 0 ? <p className="mt-6 text-slate-700">{t("mailbox.empty")}</p> : null}
      <ul className="mt-6 space-y-4">
        {messages.map((message) => (
          <li key={message.id} className="rounded-lg border border-slate-200 p-4" data-testid="mail">
            <p className="text-sm text-slate-600">
              {formatDateTime(message.createdAt, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language })} ·{" "}
              {message.senderName ? `${t("mailbox.from")} ${message.senderName} · ` : null}
              {t("mailbox.to")} {message.recipient} · {t("mailbox.status")} {message.status}
            </p>
            <h2 className="mt-1 font-semibold">{message.subject}</h2>
            <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">{message.textBody}</pre>
          </li>
        ))}
      </ul>
    </main>
  );
}
