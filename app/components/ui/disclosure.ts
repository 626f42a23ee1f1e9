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

const ITEMS = 'a[href], button:not([disabled]), [role="menuitem"]';

/**
 * A `<details>` popup of links and buttons (the user menu, a row's 「更多」) as a WAI-ARIA menu button once
 * scripts run: the summary says it opens a menu; Enter, Space or ↓ opens it on its first entry, ↑ on its last;
 * in it ↓/↑ move round, Home/End go to the ends, Escape closes it back onto the summary, Tab and Shift+Tab
 * leave it and close it. The roles and the entries' `tabindex=-1` are given here, by script: without
 * JavaScript the same markup is a plain disclosure whose entries the Tab key walks, and a `menu` role there
 * would promise arrow keys that nothing answers. Entries come from the popup (the first child after the
 * summary) when they are needed, so a caller's entries need no role of their own and may change.
 */
export function menuButton(details: HTMLDetailsElement): () => void {
  const summary = details.querySelector<HTMLElement>(":scope > summary");
  const items = (): HTMLElement[] => {
    const popup = details.querySelector<HTMLElement>(":scope > :not(summary)");
    if (!popup) return [];
    popup.setAttribute("role", "menu");
    const found = Array.from(popup.querySelectorAll<HTMLElement>(ITEMS));
    for (const item of found) {
      item.setAttribute("role", "menuitem");
      item.tabIndex = -1;
      // A list item between the menu and its entry would stand between them for assistive technology.
      for (let n = item.parentElement; n && n !== popup; n = n.parentElement) if (n.tagName === "LI") n.setAttribute("role", "none");
    }
    return found;
  };
  summary?.setAttribute("aria-haspopup", "menu");
  items();
  let leaving = false;
  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    if (list.length === 0) return;
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      details.open = true;
      list[(index + list.length) % list.length].focus();
    };
    if (event.target === summary) {
      if (event.key === "ArrowDown" || (!details.open && (event.key === "Enter" || event.key === " "))) go(0);
      else if (event.key === "ArrowUp") go(list.length - 1);
      else if (event.key === "Tab" && details.open) leaving = true;
      else closeDetailsOnEscape({ key: event.key, currentTarget: details, preventDefault: () => event.preventDefault() });
      return;
    }
    if (at < 0) return;
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(list.length - 1);
    else if (event.key === "Tab") leaving = true;
    else closeDetailsOnEscape({ key: event.key, currentTarget: details, preventDefault: () => event.preventDefault() });
  };
  // Tab's own move of the focus goes on; the menu closes behind it.
  const onFocusOut = () => {
    if (!leaving) return;
    leaving = false;
    details.open = false;
  };
  // Opened by the pointer: the entries the caller rendered since get their roles too.
  const onToggle = () => {
    if (details.open) items();
  };
  details.addEventListener("keydown", onKeyDown);
  details.addEventListener("focusout", onFocusOut);
  details.addEventListener("toggle", onToggle);
  return () => {
    details.removeEventListener("keydown", onKeyDown);
    details.removeEventListener("focusout", onFocusOut);
    details.removeEventListener("toggle", onToggle);
  };
}
