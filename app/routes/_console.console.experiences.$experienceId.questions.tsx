import type { MetaFunction } from "@remix-run/node";
import type { loadQuestionsPage } from "~/features/console/booking-questions.server";
import { QuestionsPage } from "~/features/console/questions/questions-page";
import { pageMeta } from "~/ui/meta";

export { loadQuestionsPage as loader, questionsAction as action } from "~/features/console/booking-questions.server";

export const meta: MetaFunction<typeof loadQuestionsPage> = ({ data, matches }) => pageMeta(matches, data);
export { passHeaders as headers } from "~/platform/http.server";

export default QuestionsPage;
