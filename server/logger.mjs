/** The edge's logger: the access line of every answer, and what the edge itself has to say. */
import { createLogger } from "../runtime/logger.mjs";

export const logger = createLogger("edge");
