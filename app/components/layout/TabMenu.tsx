import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef } from "react";

export interface TabMenuAction {
  label: string;
  run: () => void;
}

const menuItem = "cursor-pointer select-none px-4 py-1.5 text-sm outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary";

/**
 * The tab bar's right-click menu, opened at the pointer. Loaded on the first right click (TagsView
 * imports it lazily), so Radix's menu and its positioning are not in every page's first-load
 * JavaScript. The anchor is an empty fixed box at the pointer (or under the tab, when the keyboard opened
 * it); closing unmounts it.
 */
export default function TabMenu({ x, y, actions, onClose }: { x: number; y: number; actions: TabMenuAction[]; onClose: () => void }) {
  const content = useRef<HTMLDivElement>(null);
  // Opened by the keyboard as by the mouse, the first entry takes the focus (after Radix focused the
  // menu itself), so ↑/↓ and Enter work at once.
  useEffect(() => {
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <DropdownMenu.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DropdownMenu.Trigger asChild>
        <span aria-hidden="true" className="pointer-events-none fixed h-0 w-0" style={{ left: x, top: y }} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={content}
          align="start"
          className="z-[80] min-w-[120px] rounded border bg-white py-1 shadow-lg"
          aria-label="标签菜单"
          // The tab bar puts the focus back on the tab (the anchor here is an empty box).
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          {actions.map((action) => (
            <DropdownMenu.Item key={action.label} className={menuItem} onSelect={action.run}>
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
