import { ICON_PATHS, ICON_SVG_ATTRIBUTES, type IconName } from "~/navigation";

export function Icon({ name, className = "h-4 w-4" }: { name: IconName | undefined; className?: string }) {
  return (
    <svg {...ICON_SVG_ATTRIBUTES} className={className} aria-hidden="true">
      <path d={ICON_PATHS[name ?? "table"]} />
    </svg>
  );
}
