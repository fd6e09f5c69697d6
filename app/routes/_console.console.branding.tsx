import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MAX_PHOTO_BYTES } from "~contract/picture";
import type { BrandingPageData } from "~/features/console/branding/branding-data";
import { BrandingPage } from "~/features/console/branding/branding-page";
import { chosenColor } from "~/features/console/branding/chosen-color";
import { BRANDING_SCHEMAS } from "~/features/console/console-forms.server";
import { requireConsolePage } from "~/features/console/console.server";
import { intentAction, uploadReader } from "~/features/console/intent-action.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireConsolePage(request, "manageBranding");
  const page: Omit<BrandingPageData, "flash"> = {
    branding: await api.call("operatorGetBranding"),
    constraints: { save: getZodConstraint(BRANDING_SCHEMAS.save), logo: getZodConstraint(BRANDING_SCHEMAS.logo) },
    idempotencyKey: crypto.randomUUID(),
    title: t("branding.title"),
  };
  return withFlash(request, page);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// The API's status (422 for a colour, 413, 415) stays on the page's answer.
export const headers = passHeaders;

/** Each form posts here with its intent; the logo is multipart (its file streamed, capped at 10 MB). */
export const action = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageBranding",
    forms: {
      ...BRANDING_SCHEMAS,
      save: ({ formData }) => {
        chosenColor(formData);
        return BRANDING_SCHEMAS.save;
      },
    },
    read: uploadReader(MAX_PHOTO_BYTES, "logo", BRANDING_SCHEMAS.logo, "branding.logoTooLarge"),
    // A colour the button text cannot be read on is refused as the API would: 422.
    refusedStatus: (submission) =>
      submission.status === "error" && submission.error?.primaryColor?.includes("branding.contrastTooLow") ? 422 : 400,
    shown: (intent) => ({
      codes: {
        contrast_too_low:
          intent === "save"
            ? { field: "primaryColor", key: "branding.contrastTooLow" }
            : { key: "branding.publishContrastTooLow" },
        unsupported_media_type: { field: "file", key: "branding.logoUnsupported" },
        payload_too_large: { field: "file", key: "branding.logoTooLarge" },
        image_too_large: { field: "file", key: "branding.logoTooManyPixels" },
      },
      fields: {
        name: "branding.nameRequired",
        tagline: "branding.taglineTooLong",
        supportEmail: "branding.emailInvalid",
        supportPhone: "branding.phoneInvalid",
      },
    }),
    async run(value, { api }) {
      switch (value.intent) {
        case "save": {
          const { name, tagline, primaryColor, supportEmail, supportPhone } = value;
          await api.call("operatorUpdateBranding", {
            body: { name, tagline, primaryColor, supportEmail, supportPhone },
          });
          return { flash: "branding.saved" };
        }
        case "logo":
          await api.call("operatorUploadLogo", {
            headers: { "Idempotency-Key": value.idempotencyKey },
            body: { file: value.file },
          });
          return { flash: "branding.logoUploaded" };
        case "removeLogo":
          await api.call("operatorRemoveLogo");
          return { flash: "branding.logoRemoved" };
        case "publish":
          await api.call("operatorPublishBranding");
          return { flash: "branding.published" };
      }
    },
  });

export default BrandingPage;
