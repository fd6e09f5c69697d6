import type { ServiceDetail } from "~contract/catalog/requests";
import { headlinePrice } from "./headline-price";
import { minorUnitDigits } from "~contract/money";
import { rootOf, type Matches } from "~/ui/meta";
import { shareImageOf } from "~contract/picture";

/** What a share shows (og:image): the cover's large JPEG, else the seed's first illustration. */
export function shareImage(experience: ServiceDetail["experience"]): string | null {
  return experience.photos[0] ? shareImageOf(experience.photos[0]) : (experience.images[0] ?? null);
}

function originOf(matches: Matches): string | null {
  return rootOf(matches)?.origin ?? null;
}

/** Minor units as the decimal string schema.org expects ("29.00", "3500" for JPY). */
function decimal(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

/**
 * A details page for search engines (schema.org): the experience as a Product with the adult
 * price as its Offer (in stock while a departure has seats), and the breadcrumb Home › City ›
 * Experience.
 */
export function experienceJsonLd(data: ServiceDetail, matches: Matches) {
  const origin = originOf(matches) ?? "http://localhost";
  const { experience, service } = data;
  const url = new URL(`/experiences/${experience.id}/${service.id}`, origin).toString();
  const price = headlinePrice(service.ticketTypes);
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: experience.title,
      description: experience.summary,
      image: (experience.photos.length ? experience.photos.map(shareImageOf) : experience.images).map((src) =>
        new URL(src, origin).toString(),
      ),
      brand: { "@type": "Brand", name: experience.operator.name },
      category: experience.category.name,
      url,
      ...(experience.rating
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: experience.rating.average,
              reviewCount: experience.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      ...(price
        ? {
            offers: {
              "@type": "Offer",
              price: decimal(price.priceMinor, experience.currency),
              priceCurrency: experience.currency,
              availability: service.nextAvailableDate ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
              url,
            },
          }
        : {}),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: new URL("/", origin).toString() },
        {
          "@type": "ListItem",
          position: 2,
          name: experience.city.name,
          item: new URL(`/${experience.city.slug}`, origin).toString(),
        },
        { "@type": "ListItem", position: 3, name: experience.title, item: url },
      ],
    },
  ];
}
