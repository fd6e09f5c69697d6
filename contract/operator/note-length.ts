/** A customer note's longest text (plain value: the console's form loads it in the browser). */
export const MAX_NOTE_LENGTH = 2000;
