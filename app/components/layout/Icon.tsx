import { ICON_PATHS, type IconName } from "~/navigation";

/**
 * A line icon: 16 px unless `className` sizes it; stroke and fill come from `.icon` in tailwind.css.
 * `blank`: its place without the drawing (a scripted browser's sidebar draws it after hydration, `~/lib/scripted`).
 */
export function Icon({ name, className, blank = false }: { name: IconName | undefined; className?: string; blank?: boolean }) {
  if (blank) return <i className={className ? `icon ${className}` : "icon"} />;
  return (
    <svg viewBox="0 0 24 24" className={className ? `icon ${className}` : "icon"} aria-hidden="true">
      <path d={ICON_PATHS[name ?? "table"]} />
    </svg>
  );
}
