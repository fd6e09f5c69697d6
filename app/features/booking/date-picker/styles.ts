import type { LinksFunction } from "@remix-run/node";
import dayPickerStyles from "react-day-picker/style.css";
import datePickerStyles from "./date-picker.css";

/**
 * The date picker's stylesheets. Add them to a route's `links`
 * (`export const links: LinksFunction = () => [...datePickerLinks]`): a module of their own, so a
 * route that loads the picker's code later does not load it with its styles.
 */
export const datePickerLinks: ReturnType<LinksFunction> = [
  { rel: "stylesheet", href: dayPickerStyles },
  { rel: "stylesheet", href: datePickerStyles },
];
