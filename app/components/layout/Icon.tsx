import { ICON_PATHS, type IconName } from "~/navigation";

/** A line icon: 16 px unless `className` sizes it; stroke and fill come from `.icon` in tailwind.css. */
export function Icon({ name, className }: { name: IconName | undefined; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className ? `icon ${className}` : "icon"} aria-hidden="true">
      <path d={ICON_PATHS[name ?? "table"]} />
    </svg>
  );
}
