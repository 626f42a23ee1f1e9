import type { Tone } from "../../../contract/resources/kit";

export const TONE_CLASSES: Record<Tone, string> = {
  default: "border-gray-300 bg-gray-50 text-gray-600",
  info: "border-blue-300 bg-blue-50 text-blue-700",
  success: "border-green-300 bg-green-50 text-green-700",
  warning: "border-amber-300 bg-amber-50 text-amber-700",
  error: "border-red-300 bg-red-50 text-red-600",
};

/** A state as a small coloured label (the tone comes from the definition's options). */
export function StatusTag({ label, tone = "default", value }: { label: string; tone?: Tone; value?: string }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-1.5 text-xs leading-5 ${TONE_CLASSES[tone]}`} data-value={value}>
      {label}
    </span>
  );
}
