import { z } from "zod";
import { calendarDate, count, isoTime, minor, paging } from "../output-parts";
import { privateSaleOffer } from "./private-sale";

export const accountContext = z.object({
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  logoUrl: z.string().nullable(),
  colors: z.object({ primary: z.string(), accent: z.string(), ink: z.string() }),
  currency: z.string().length(3),
  timezone: z.string(),
  /** How guests reach the operator; each may be null. */
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
  /** False while the platform has suspended the operator (issue 44): its storefront says it is not taking bookings. */
  takingBookings: z.boolean(),
});

export const namedSlug = z.object({ slug: z.string(), name: z.string() });

/** An amount in minor units (cents) and its currency. */
export const money = z.object({ amount: minor, currency: z.string().length(3) });

/** Guests' reviews: average stars and count. */
export const ratingSummary = z.object({ average: z.number().min(1).max(5), count: count });

export const reviewView = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** First name and the initial of the last ("Ada L."). */
  authorName: z.string(),
  /** Written by a guest after a completed booking (demo reviews of the seed are not). */
  verified: z.boolean(),
  createdAt: isoTime,
});

export const reviewPage = z.object({
  items: z.array(reviewView),
  rating: ratingSummary.nullable(),
  ...paging,
});

/** A photo as pages draw it (contract/picture.ts: its variants' addresses). */
export const picture = z.object({
  src: z.string().min(1),
  widths: z.array(z.number().int().positive()).min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
  placeholder: z.string().startsWith("data:image/"),
});

export const experienceCard = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The seed's illustration, drawn when the operator has uploaded no photo. */
  imageUrl: z.string().nullable(),
  /** The operator's cover photo (the experience's first); null: none uploaded. */
  cover: picture.nullable(),
  category: namedSlug,
  city: namedSlug,
  operator: namedSlug,
  /** What an adult pays (the lowest adult ticket); without adult tickets, the cheapest paid ticket. */
  priceFrom: money,
  /** Whom `priceFrom` is for. */
  priceBasis: z.enum(["adult", "person"]),
  /** Null: no reviews yet. */
  rating: ratingSummary.nullable(),
  /** `priceFrom` in US dollars when the operator sells in another currency (null: USD, or no rate). */
  priceApprox: money.nullable(),
  durationMinutes: count,
  firstServiceId: z.string(),
});

export const experiencePage = z.object({ items: z.array(experienceCard), ...paging });

/** A place on the map, WGS 84 degrees. */
export const geoPoint = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const experienceSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  /** The seed's illustrations, drawn when the operator has uploaded no photo. */
  images: z.array(z.string()),
  /** The operator's photos, cover first (empty: none uploaded). */
  photos: z.array(picture),
  included: z.array(z.string()),
  meetingPoint: z.string(),
  /** Where the meeting point is, for a map link; null when the operator has not placed it. */
  meetingPointLocation: geoPoint.nullable(),
  cancellationPolicy: z.string(),
  /** The languages it is given in: BCP 47 codes, as the operator set them. */
  languages: z.array(z.string()),
  /** Free cancellation until this many hours before a departure (the operator's rule the API applies). */
  cancellationCutoffHours: z.number().int().min(0),
  category: namedSlug,
  city: namedSlug,
  operator: namedSlug.extend({
    logoUrl: z.string().nullable(),
    /** The operator has a waiver of its own, signed before booking with it besides the platform's. */
    ownWaiver: z.boolean(),
    /** False while the platform has suspended the operator (issue 44): the page says so, no booking form. */
    takingBookings: z.boolean(),
  }),
  currency: z.string().length(3),
  rating: ratingSummary.nullable(),
  /**
   * The experience's one "from" price, the figure its search card shows too (kept by the database,
   * experiences.price_from): what an adult pays on its cheapest option, else the cheapest paid ticket.
   */
  priceFrom: money.nullable(),
  /** Whom `priceFrom` is for. */
  priceBasis: z.enum(["adult", "person"]),
});

export const serviceSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: count,
  priceFrom: money.nullable(),
});

export const experienceDetail = experienceSummary.extend({ services: z.array(serviceSummary) });

export const ticketTypeView = z.object({ id: z.string(), code: z.string(), name: z.string(), priceMinor: minor });

export const serviceDetail = z.object({
  experience: experienceSummary,
  service: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    durationMinutes: count,
    capacity: count,
    ticketTypes: z.array(ticketTypeView),
    /** First local date (operator's timezone) with a future departure that has free seats. */
    nextAvailableDate: calendarDate.nullable(),
    /** Sold private too, or only so (issue 46); null: by the seat only. */
    privateSale: privateSaleOffer.nullable(),
  }),
});

export const facetEntry = namedSlug.extend({ count });

export const facets = z.object({
  categories: z.array(facetEntry),
  cities: z.array(facetEntry),
  operators: z.array(facetEntry),
});

export const availabilitySlot = z.object({
  id: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  capacity: count,
  seatsLeft: count,
  /** The last moment a booking of this departure can be cancelled for a full refund; null once past (api/bookings/cancellation-deadline.ts). */
  freeCancellationUntil: isoTime.nullable(),
});

export const availabilityDay = z.object({
  date: calendarDate,
  seatsLeft: count,
  status: z.enum(["available", "few", "sold_out"]),
  slots: z.array(availabilitySlot),
});

export const availability = z.object({
  timezone: z.string(),
  currency: z.string().length(3),
  minDate: calendarDate.nullable(),
  maxDate: calendarDate.nullable(),
  days: z.array(availabilityDay),
});
