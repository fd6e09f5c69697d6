/** The API's location from a form whose address is optional: none when no street was given. */
export function optionalLocationOf(value: {
  address?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  country: string;
}) {
  const { address, city } = value;
  return address && city ? { location: locationOf({ ...value, address, city }) } : {};
}

/** The API's location from a parsed address form (region and postal code may be empty). */
export function locationOf(value: {
  address: string;
  city: string;
  state?: string;
  zipcode?: string;
  country: string;
}) {
  const { address, city, state = "", zipcode = "", country } = value;
  return { address, city, state, zipcode, country };
}
