import type { Tone } from "../../../contract/resources/kit";

/** A tone's colours: `.tag-*` in tailwind.css. */
export const TONE_CLASSES: Record<Tone, string> = {
  default: "tag-gray",
  info: "tag-blue",
  success: "tag-green",
  warning: "tag-amber",
  error: "tag-red",
};

/** A state as a small coloured label (the tone comes from the definition's options). */
export function StatusTag({ label, tone = "default", value }: { label: string; tone?: Tone; value?: string }) {
  return (
    <span className={`tag ${TONE_CLASSES[tone]}`} data-value={value}>
      {label}
    </span>
  );
}
