/**
 * Escape between layers. Radix gives every Escape to the layer mounted last: a push toast that appears
 * while a dialog is open would take the Escape meant for the dialog. A toast keeps an Escape pressed
 * outside it for the layer the focus is in and marks it here; the dialog the focus is in closes on it.
 */
const passedOn = new WeakSet<Event>();

/** This layer does not act on the Escape: it stays, and the layer holding the focus may take it. */
export function passEscapeOn(event: KeyboardEvent): void {
  passedOn.add(event);
  event.preventDefault();
}

/** Whether nobody took this Escape yet: not handled, or passed on by a layer above. */
export function escapeIsFree(event: KeyboardEvent): boolean {
  return !event.defaultPrevented || passedOn.has(event);
}
