import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { datePickerLinks } from "~/features/booking/date-picker/styles";
import { loadExperienceDetails } from "~/features/catalog/experience-details.server";
import { ExperienceDetailsPage } from "~/features/catalog/experience-details-page";
import { pageMeta } from "~/ui/meta";
import { experienceJsonLd, shareImage } from "~/features/catalog/structured-data";

export async function loader(args: LoaderFunctionArgs) {
  return loadExperienceDetails(args);
}

export const links: LinksFunction = () => [...datePickerLinks];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data && { title: data.experience.title },
    data ? [{ "script:ld+json": experienceJsonLd(data, matches) }] : [],
    { description: data?.experience.summary, image: data && shareImage(data.experience), type: "product" },
  );

export default function ExperienceDetailsRoute() {
  return <ExperienceDetailsPage />;
}
