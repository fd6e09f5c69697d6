/** The console's pickup points of an experience (issue 46, item 3): read and set as a whole list, with whether one is required. */
import { z } from "zod";
import { pickupPointOutput, setPickupPointsBody } from "../bookings/pickup-points";
import { domain, endpoint } from "../endpoint";
import { experienceListCall } from "./experience-list-call";

export const operatorPickupPoints = z.object({
  /** The experience and its IANA zone (pickup times are shown in it). */
  experience: z.object({ id: z.string(), title: z.string(), timezone: z.string() }),
  /** A new booking must choose one of the points (when there are any). */
  required: z.boolean(),
  points: z.array(pickupPointOutput),
});
export type OperatorPickupPoints = z.infer<typeof operatorPickupPoints>;

const pickupPointsCall = experienceListCall("pickup-points", operatorPickupPoints);

export const consolePickupPointsEndpoints = domain("Operator console: pickup points", {
  operatorPickupPoints: endpoint({
    ...pickupPointsCall,
    method: "GET",
    summary:
      "An experience's pickup points, in the order guests see them, and whether one is required (owner, manager)",
  }),
  operatorSetPickupPoints: endpoint({
    ...pickupPointsCall,
    method: "PUT",
    summary:
      "Set an experience's whole list of pickup points (name, address, optional coordinates, minutes before the departure) and whether a booking must choose one; one sent with its id is kept, one left out is no longer offered (bookings keep theirs) (owner, manager)",
    body: setPickupPointsBody,
    changes: ["catalog"],
  }),
});
