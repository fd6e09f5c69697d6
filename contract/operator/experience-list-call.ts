/**
 * What the get and set calls of a list an experience keeps whole (add-ons, pickup points, booking
 * questions) share: the path, owner or manager of this experience's operator, the list as the answer.
 */
import type { z } from "zod";
import { experienceIdParams } from "./services";

export const experienceListCall = <List extends string, Output extends z.ZodTypeAny>(list: List, output: Output) =>
  ({
    path: `/v1/operator/experiences/:experienceId/${list}`,
    auth: "user",
    member: "catalog",
    tenant: true,
    params: experienceIdParams,
    output,
    errors: ["experience_not_found"],
  }) as const;
