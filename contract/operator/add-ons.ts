/** The console's add-ons of an experience (issue 46, item 2): read and set as a whole list. */
import { z } from "zod";
import { addOnOutput, setAddOnsBody } from "../bookings/add-ons";
import { domain, endpoint } from "../endpoint";
import { experienceListCall } from "./experience-list-call";

export const operatorAddOns = z.object({
  experience: z.object({ id: z.string(), title: z.string() }),
  /** The operator's currency: prices are in its minor units. */
  currency: z.string().length(3),
  addOns: z.array(addOnOutput),
});
export type OperatorAddOns = z.infer<typeof operatorAddOns>;

const addOnsCall = experienceListCall("add-ons", operatorAddOns);

export const consoleAddOnsEndpoints = domain("Operator console: add-ons", {
  operatorGetAddOns: endpoint({
    ...addOnsCall,
    method: "GET",
    summary: "An experience's add-ons on sale, in the order guests see them (owner, manager)",
  }),
  operatorSetAddOns: endpoint({
    ...addOnsCall,
    method: "PUT",
    summary:
      "Set an experience's whole list of add-ons (price in minor units, per booking or per guest, optional stock per departure or in total, optional maximum per booking); one sent with its id is kept, one left out stops being sold (bookings keep theirs) (owner, manager)",
    body: setAddOnsBody,
    changes: ["catalog"],
  }),
});
