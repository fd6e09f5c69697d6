/**
 * The answers of the endpoints as zod schemas (the envelope's `data`). The types the code uses
 * are inferred from them (`z.infer`, named in each domain's file: contract/bookings/requests.ts has
 * `BookingView`…), so there is no hand-written twin to drift; the API test suite parses every
 * successful answer it receives with its endpoint's schema (tests/support/api.ts), and the
 * OpenAPI document is generated from them. The client does not parse at run time.
 */
export * from "./system/outputs";
export * from "./catalog/outputs";
export * from "./identity/outputs";
export * from "./bookings/outputs";
export * from "./gifts/outputs";
export * from "./operator/outputs";
export * from "./platform/outputs";
