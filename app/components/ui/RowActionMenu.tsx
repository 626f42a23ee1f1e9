/**
 * A table row's actions, the one component every list's 操作 column uses: Element-style
 * inline text buttons on one line, at most three; the rest in a 「更多」 menu. Below the `sm` breakpoint
 * (a phone) the inline actions stack in a column (as narrow as one action), so the key columns keep the
 * row. Each action is rendered once (no phone copies in the menu; a 20-row list was 9 KB of them).
 * The menu is a `<details>`: it opens without JavaScript (the Tab key walks it); with it, it is a menu button
 * (arrow keys, `menuButton`), and a click elsewhere or a choice closes it.
 */
import { Children, Fragment, isValidElement, useEffect, useRef, type ReactElement, type ReactNode } from "react";
import { menuButton } from "./disclosure";

/** Inline actions before the rest go into 「更多」. */
export const INLINE_ACTIONS = 3;

/** The actions among `children`, fragments opened (a caller may hand over its actions as one fragment). */
function actionsOf(children: ReactNode): ReactElement[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement(child)) return [];
    return child.type === Fragment ? actionsOf((child.props as { children?: ReactNode }).children) : [child];
  });
}

export function RowActionMenu({ label, children }: { /** What the actions act on (the row's number or name), for 「更多」's accessible name. */ label: string; children: ReactNode }) {
  const items = actionsOf(children);
  const menu = useRef<HTMLDetailsElement>(null);
  const hasMenu = items.length > INLINE_ACTIONS;
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    // A choice in the menu closes it (a confirmation opens, or a page).
    const close = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("a,button")) details.open = false;
    };
    const onClick = (event: MouseEvent) => {
      if (!details.open) return;
      if (event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    const list = details.querySelector(":scope > span");
    list?.addEventListener("click", close);
    document.addEventListener("click", onClick);
    const keys = menuButton(details);
    return () => {
      list?.removeEventListener("click", close);
      document.removeEventListener("click", onClick);
      keys();
    };
  }, [hasMenu]);
  if (items.length === 0) return <span className="text-muted">-</span>;
  const inline = items.slice(0, INLINE_ACTIONS);
  const rest = items.slice(INLINE_ACTIONS);
  // Markup per row kept small: the inline actions stand bare in the cell and the menu's
  // entries bare in the menu, the menu's parts without a class (the styles select them by position).
  return (
    <span className="row-actions">
      {inline}
      {hasMenu ? (
        <details ref={menu}>
          <summary aria-label={`更多操作 ${label}`}>更多</summary>
          <span>{rest}</span>
        </details>
      ) : null}
    </span>
  );
}
