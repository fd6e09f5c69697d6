/** The account's security page: sign-in methods, password, two-step sign-in, devices. */
export const SECURITY_PAGE = "/account/security";
