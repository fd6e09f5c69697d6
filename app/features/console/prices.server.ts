import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { minorUnitDigits } from "~contract/money";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { priceFormSchema } from "./console-forms.server";
import { depositBody } from "./price-schemas";
import { moneyOf, requireExperiencePage, type ConsoleCaller } from "./console.server";
import { catalogAction } from "./intent-action.server";
import type { PricesPageData } from "./prices/prices-data";

export async function loadPricesPage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, t } = await requireExperiencePage(request, params);
  const services = await orNotFound(request, api.call("operatorListServices", { params: { experienceId } }));
  const digits = minorUnitDigits(services.currency);
  const page: Omit<PricesPageData, "flash"> = {
    page: services,
    digits,
    constraints: {
      service: getZodConstraint(priceFormSchema("service", digits)),
      create: getZodConstraint(priceFormSchema("create", digits)),
      delete: getZodConstraint(priceFormSchema("delete", digits)),
      prices: getZodConstraint(priceFormSchema("prices", digits)),
      private: getZodConstraint(priceFormSchema("private", digits)),
      deposit: getZodConstraint(priceFormSchema("deposit", digits)),
    },
    idempotencyKey: crypto.randomUUID(),
    title: t("prices.title", { title: services.experience.title }),
  };
  return withFlash(request, page);
}

export const pricesAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: {
      service: priceFormSchema("service", 0),
      create: priceFormSchema("create", 0),
      delete: priceFormSchema("delete", 0),
      /** Typed in the operator's currency: its decimals (the guard's operatorMe says which) decide what may be typed. */
      prices: ({ me }: ConsoleCaller) =>
        priceFormSchema("prices", minorUnitDigits(moneyOf(me, "manageCatalog").currency)),
      private: ({ me }: ConsoleCaller) =>
        priceFormSchema("private", minorUnitDigits(moneyOf(me, "manageCatalog").currency)),
      deposit: ({ me }: ConsoleCaller) =>
        priceFormSchema("deposit", minorUnitDigits(moneyOf(me, "manageCatalog").currency)),
    },
    row: (intent) => (intent === "create" ? null : "serviceId"),
    shown: {
      codes: {
        capacity_below_taken: { field: "capacity", key: "prices.capacityBelowTaken" },
        service_has_bookings: { key: "prices.hasBookings" },
      },
    },
    async run(value, { api, params, me }) {
      switch (value.intent) {
        case "deposit": {
          const digits = minorUnitDigits(moneyOf(me, "manageCatalog").currency);
          await api.call("operatorUpdateService", {
            params: { serviceId: value.serviceId },
            body: { deposit: depositBody(value, digits) },
          });
          return { flash: "prices.depositSaved" };
        }
        case "service": {
          const { name, description, durationMinutes, capacity, sortOrder } = value;
          await api.call("operatorUpdateService", {
            params: { serviceId: value.serviceId },
            body: { name, description, durationMinutes, capacity, sortOrder },
          });
          return { flash: "prices.serviceSaved" };
        }
        case "create": {
          const { name, description, durationMinutes, capacity } = value;
          await api.call("operatorCreateService", {
            params: { experienceId: params.experienceId },
            headers: { "Idempotency-Key": value.idempotencyKey },
            body: { name, description, durationMinutes, capacity },
          });
          return { flash: "prices.serviceCreated" };
        }
        case "delete":
          await api.call("operatorDeleteService", { params: { serviceId: value.serviceId } });
          return { flash: "prices.serviceDeleted" };
        case "prices": {
          // The prices as typed (a decimal point for a comma): the API reads them in the operator's currency.
          const ticketTypes = value.tickets.map((row) => ({
            ...(row.code ? { code: row.code } : {}),
            name: row.name,
            price: row.price.replace(",", "."),
          }));
          await api.call("operatorSetTicketTypes", { params: { serviceId: value.serviceId }, body: { ticketTypes } });
          return { flash: "prices.pricesSaved" };
        }
        case "private": {
          const { sale, price, maxGuests } = value;
          await api.call("operatorSetPrivateSale", {
            params: { serviceId: value.serviceId },
            body: sale === "none" ? { sale } : { sale, price: price!.replace(",", "."), maxGuests },
          });
          return { flash: "prices.privateSaved" };
        }
      }
    },
  });
