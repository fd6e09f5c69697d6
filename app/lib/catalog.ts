/** Shapes of the v1 catalog answers (docs/api.md). */
export type Facet = { slug: string; name: string; count: number };
export type Facets = { categories: Facet[]; cities: Facet[]; operators: Facet[] };
export type Money = { amount: number; currency: string };

export type ExperienceCard = {
  id: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  category: { slug: string; name: string };
  city: { slug: string; name: string };
  operator: { slug: string; name: string };
  priceFrom: Money;
  durationMinutes: number;
  firstServiceId: string;
};

export type ExperiencePage = {
  items: ExperienceCard[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
};

export type ServiceSummary = {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  priceFrom: Money | null;
};

export type Experience = {
  id: string;
  title: string;
  summary: string;
  description: string;
  images: string[];
  included: string[];
  meetingPoint: string;
  cancellationPolicy: string;
  category: { slug: string; name: string };
  city: { slug: string; name: string };
  operator: { slug: string; name: string; logoUrl: string | null };
  currency: string;
  services: ServiceSummary[];
};

export type TicketType = { id: string; code: string; name: string; priceMinor: number };

export type ServiceDetail = {
  experience: Omit<Experience, "services">;
  service: {
    id: string;
    name: string;
    description: string;
    durationMinutes: number;
    capacity: number;
    ticketTypes: TicketType[];
    nextAvailableDate: string | null;
  };
};

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
