/** GET /sell/slug?slug=…: the application form's live check of a storefront address (JSON). */
export { loadSlugAvailability as loader } from "~/features/selling/sell.server";
