/**
 * A port a lower room offers and api/wiring.ts (wireRooms) fills once, as the app is made, so that
 * the lower room imports none of the rooms above it: `provide` gives it, `provided` reads it (an
 * error until it is given).
 */
export function port<T>(what: string): { provide: (given: T) => void; provided: () => T } {
  let given: T | undefined;
  return {
    provide: (value) => {
      given = value;
    },
    provided: () => {
      if (given === undefined) throw new Error(`Not provided (api/wiring.ts wireRooms): ${what}.`);
      return given;
    },
  };
}
