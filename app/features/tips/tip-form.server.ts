/**
 * The tip form's schema, as its loader and action import it: a route module takes a schema only
 * from a .server module, which its browser build leaves out (see ~/platform/form.server).
 */
export { chosenAmount, TipFormSchema } from "./tip-schema";
