/**
 * After a date is picked in the calendar the page reloads with that date and the time choice
 * takes the focus (not the page's body): the calendar asks for it, the time list takes it once.
 */
let pending = false;

export function focusTimesNext(): void {
  pending = true;
}

export function takeTimesFocus(): boolean {
  const asked = pending;
  pending = false;
  return asked;
}
