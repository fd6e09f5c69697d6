import type { MetaFunction } from "@remix-run/node";
import type { loadConsoleGiftCards } from "~/features/console/lists/gift-cards.server";
import { ConsoleGiftCardsPage } from "~/features/console/lists/gift-cards-page";
import { pageMeta } from "~/ui/meta";

export { loadConsoleGiftCards as loader } from "~/features/console/lists/gift-cards.server";

export const meta: MetaFunction<typeof loadConsoleGiftCards> = ({ data, matches }) => pageMeta(matches, data);

export default ConsoleGiftCardsPage;
