/** The application form's schema, as the loader and the action import it (never the browser build). */
export { ApplySchema } from "./sell-schemas";
