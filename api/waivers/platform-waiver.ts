/**
 * The platform's own waiver, signed in public mode (no X-Account-Context) and in storefronts
 * whose operator has no waiver text. Bump the version whenever the text changes: everyone
 * then has to sign again.
 */
export const PLATFORM_WAIVER_VERSION = 1;

export const platformWaiverText = (platformName: string) =>
  `I understand that the experiences I book through ${platformName} are run by independent ` +
  "operators and may involve physical activity, travel and natural hazards. I confirm that I am " +
  "fit to take part, that I will follow the instructions of the guides and staff, and that I am " +
  "responsible for my own belongings. I accept the risks that cannot be removed by reasonable care " +
  "and release the platform from liability for injuries or losses that are not caused by its " +
  "negligence. This waiver also covers the people I book for, on whose behalf I sign.";
