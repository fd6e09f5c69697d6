import { type LinksFunction, type MetaFunction } from "@remix-run/node";
import { datePickerLinks } from "~/features/booking/date-picker/styles";
import type { loadExperienceDetails } from "~/features/catalog/experience-details.server";
import { pageMeta } from "~/ui/meta";
import { experienceJsonLd, shareImage } from "~/features/catalog/structured-data";
import { ExperienceDetailsPage } from "~/features/catalog/experience-details-page";

export { loadExperienceDetails as loader } from "~/features/catalog/experience-details.server";

export const links: LinksFunction = () => [...datePickerLinks];

export const meta: MetaFunction<typeof loadExperienceDetails> = ({ data, matches }) =>
  pageMeta(
    matches,
    data && { title: data.experience.title },
    data ? [{ "script:ld+json": experienceJsonLd(data, matches) }] : [],
    { description: data?.experience.summary, image: data && shareImage(data.experience), type: "product" },
  );

export default ExperienceDetailsPage;
