import { setAddOnsBody, type AddOnInput } from "~contract/bookings/add-ons";
import { experienceListPage } from "./experience-list.server";
import { AddAddOnSchema, RemoveAddOnSchema, addOnFieldOf, addOnOf } from "./add-on-schemas";

/**
 * /console/experiences/:experienceId/add-ons: what the experience sells beside its tickets; an
 * add-on added at the end of the list or one removed, the whole list set again (operatorSetAddOns).
 */
const addOnsPage = experienceListPage({
  forms: { add: AddAddOnSchema, remove: RemoveAddOnSchema },
  idField: "addOnId",
  titleKey: "addOns.title",
  flash: { added: "addOns.added", removed: "addOns.removed" },
  read: (api, experienceId) => api.call("operatorGetAddOns", { params: { experienceId } }),
  itemsOf: (page): AddOnInput[] => page.addOns,
  write: (api, experienceId, addOns) => api.call("operatorSetAddOns", { params: { experienceId }, body: { addOns } }),
  itemOf: (value, page) => addOnOf(value, page.currency) ?? { refused: { price: ["addOns.priceFormat"] } },
  judge: (addOns) => setAddOnsBody.safeParse({ addOns }),
  fieldOf: addOnFieldOf,
  fallback: "name",
});

export const loadAddOnsPage = addOnsPage.loader;
export const addOnsAction = addOnsPage.action;
