/**
 * What the payment provider still needs of a payout account, in words: its requirement codes
 * (Stripe's `requirements.currently_due` and `past_due`, e.g. "external_account",
 * "individual.dob.day") become sentences of the locale (`payoutAccount.need.*`), one per kind of
 * thing (every part of a date of birth is one "your date of birth"); a code of no known kind is
 * said once, in general words. Plain code: the component uses it.
 */
const KINDS: Array<[matches: (code: string) => boolean, key: string]> = [
  [(code) => code === "external_account" || code.startsWith("external_account."), "bankAccount"],
  [(code) => code.startsWith("tos_acceptance."), "terms"],
  [(code) => /(^|\.)verification\./.test(code), "identityDocument"],
  [(code) => /^(individual|representative)\.dob\./.test(code), "birthDate"],
  [(code) => /^(individual|representative)\.(ssn_last_4|id_number)$/.test(code), "taxId"],
  [(code) => /^(individual|representative)\.address\./.test(code), "address"],
  [(code) => /^(individual|representative)\./.test(code), "personalDetails"],
  [(code) => code.startsWith("company.") || code === "business_type", "companyDetails"],
  [(code) => code.startsWith("business_profile."), "businessProfile"],
  [(code) => /^(owners|directors|executives|representative|person_)/.test(code), "people"],
];

/** The locale keys of what is needed, each once, in the order first needed; unknown codes: one general sentence, last. */
export function requirementKeys(codes: readonly string[]): string[] {
  const keys: string[] = [];
  let other = false;
  for (const code of codes) {
    const kind = KINDS.find(([matches]) => matches(code));
    if (!kind) other = true;
    else if (!keys.includes(`payoutAccount.need.${kind[1]}`)) keys.push(`payoutAccount.need.${kind[1]}`);
  }
  return other ? [...keys, "payoutAccount.need.other"] : keys;
}

/** Why the provider disabled the account, as a locale key (null: it did not). */
export function disabledReasonKey(reason: string | null): string | null {
  if (!reason) return null;
  if (reason === "requirements.past_due") return "payoutAccount.disabled.pastDue";
  if (reason === "requirements.pending_verification") return "payoutAccount.disabled.pendingVerification";
  if (reason === "under_review") return "payoutAccount.disabled.underReview";
  if (reason.startsWith("rejected.")) return "payoutAccount.disabled.rejected";
  return "payoutAccount.disabled.other";
}
