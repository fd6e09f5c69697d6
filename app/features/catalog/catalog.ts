/** Shapes of the v1 catalog answers: the API's own types (docs/api.md), imported as types only. */
export type {
  ExperienceCard,
  ExperienceDetail as Experience,
  ExperiencePage,
  FacetEntry as Facet,
  Facets,
  Money,
  ServiceDetail,
  ServiceSummary,
  TicketTypeView as TicketType,
} from "~contract/catalog/requests";

export const SORTS = ["recommended", "price_asc", "price_desc", "title"] as const;

export type CatalogQuery = {
  q?: string;
  category?: string;
  city?: string;
  operator?: string;
  date?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: (typeof SORTS)[number];
  page?: number;
};
