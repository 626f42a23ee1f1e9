/**
 * The parts every form field shares, so each form tells a screen reader the same things: a required
 * field says 必填 in words (the red * alone is colour and a symbol), and a field's error is a live region
 * that the field names in aria-describedby.
 */

/** After a required field's label text: a visible * and 必填 for screen readers. */
export function RequiredMark() {
  return (
    <span className="required-mark">
      <span aria-hidden="true">*</span>
      <span className="sr-only">（必填）</span>
    </span>
  );
}

/**
 * The error line under a field, always in the document (empty when the field is fine) so that a message
 * arriving as the user types is announced (aria-live). Its id is `${fieldId}-error`; the field points to
 * it with `errorProps`.
 */
export function FieldError({ id, error, className = "field-error" }: { id: string; error?: string | null; className?: string }) {
  return (
    <p id={`${id}-error`} className={error ? className : "sr-only"} aria-live="polite">
      {error ?? ""}
    </p>
  );
}

/** What a field carries about its error: aria-invalid and the id of its error line (else of its hint). */
export function errorProps(id: string, error?: string | null, hint?: boolean) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined,
  } as const;
}
