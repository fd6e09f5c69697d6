/** A stored +1 number as people read it: the leading +1 stripped (spec section 3). */
export function toDisplayPhone(phone: string | null | undefined): string {
  return (phone ?? "").replace(/^\+1/, "");
}
