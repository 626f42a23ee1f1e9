import type { ReactNode } from "react";

/**
 * A table's sideways scroll box. It is a named region in the tab order, so a keyboard user can reach a
 * table wider than the screen and scroll it with the arrow keys even when no cell holds a link.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-box" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
