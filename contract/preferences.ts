import { z } from "zod";
export * from "./preference-values";

const channels = z
  .object(
    {
      email: z.boolean({ required_error: "Required.", invalid_type_error: "Must be true or false." }),
      sms: z.boolean({ required_error: "Required.", invalid_type_error: "Must be true or false." }),
    },
    { required_error: "Required.", invalid_type_error: "Must be an object." },
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
