/**
 * Escape closes an open `<details>` popup (the user menu, the settings panel, a row's 「更多」) and puts
 * the focus back on its summary, as a menu or dialog would (the element itself only toggles on its summary).
 */
export function closeDetailsOnEscape(event: { key: string; currentTarget: EventTarget | null; preventDefault: () => void }) {
  const details = event.currentTarget as HTMLDetailsElement | null;
  if (event.key !== "Escape" || !details?.open) return;
  event.preventDefault();
  details.open = false;
  details.querySelector<HTMLElement>(":scope > summary")?.focus();
}
