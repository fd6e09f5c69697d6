import { Fragment } from "react";
import type { BookingAnswersOutput } from "~contract/bookings/questions";
import { answerText } from "~contract/bookings/question-rules";
import { useTranslation } from "~/platform/i18n-react";
import { formatPhone } from "~/ui/format";

type Line = BookingAnswersOutput["lines"][number];

/** The lines of one whose answers: the booking's (guestNo null), then each guest's in order. */
function groupsOf(lines: readonly Line[]): Array<{ guestNo: number | null; ticketName: string | null; lines: Line[] }> {
  const groups: Array<{ guestNo: number | null; ticketName: string | null; lines: Line[] }> = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.guestNo === line.guestNo) last.lines.push(line);
    else groups.push({ guestNo: line.guestNo, ticketName: line.ticketName, lines: [line] });
  }
  return groups;
}

/**
 * A booking's answers to its questions (issue 46, item 1), readable: the booking's, then guest by
 * guest ("Guest 2 (Child)"), each question with its answer; questions not answered are left out
 * (the API's `lines` carry only answers given). Nothing when there is none.
 */
export function AnswerList({ lines, compact = false }: { lines: readonly Line[]; compact?: boolean }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  const words = { yes: t("questions.yes"), no: t("questions.no") };
  return (
    <div className={compact ? "mt-1 space-y-1 text-xs" : "mt-2 space-y-3 text-sm"} data-testid="answer-list">
      {groupsOf(lines).map((group) => (
        <div key={group.guestNo ?? 0} data-testid="answer-group" data-guest-no={group.guestNo ?? ""}>
          <p className="font-medium">
            {group.guestNo === null
              ? t("questions.bookingAnswers")
              : t("questions.guest", { number: group.guestNo, ticket: group.ticketName })}
          </p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3">
            {group.lines.map((line) => (
              <Fragment key={line.questionId}>
                <dt className="text-slate-700">{line.label}</dt>
                <dd data-testid={`answer-${line.questionId}`}>
                  {line.kind === "phone" && typeof line.value === "string"
                    ? formatPhone(line.value)
                    : answerText(line.value, words)}
                </dd>
              </Fragment>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
