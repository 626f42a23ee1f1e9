import type { IconName } from "~/navigation";

/**
 * A line icon: 16 px unless `className` sizes it, in the text's colour. The drawing is the stylesheet's
 * (`.i-<name>` from `ICON_PATHS`, tailwind.config.ts), so a page's markup holds only the element.
 */
export function Icon({ name, className }: { name: IconName | undefined; className?: string }) {
  return <i className={`icon i-${name ?? "table"}${className ? ` ${className}` : ""}`} />;
}
