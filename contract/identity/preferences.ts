import { z } from "zod";
import { said } from "../fields";
export * from "./preference-values";

const channels = z
  .object(
    {
      email: z.boolean({ required_error: said("field.required"), invalid_type_error: said("boolean.invalid") }),
      sms: z.boolean({ required_error: said("field.required"), invalid_type_error: said("boolean.invalid") }),
    },
    { required_error: said("field.required"), invalid_type_error: said("object.invalid") },
  )
  .strict();

/** PUT /v1/user/notification-preferences: every category and channel, each true or false. */
export const notificationPreferencesBody = z
  .object({
    booking: channels,
    reminders: channels,
    tips: channels,
    referrals: channels,
    news: channels,
  })
  .strict();
