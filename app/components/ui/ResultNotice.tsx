/** The outcome of a page's own form post (`{ ok }` or `{ error }` from its action), shown above the form. */
export function ResultNotice({ result }: { result?: { ok?: string; error?: string } | null }) {
  if (!result) return null;
  if (result.error) return <p role="alert" className="alert-error mb-3">{result.error}</p>;
  if (result.ok) return <p role="status" className="alert-success mb-3">{result.ok}</p>;
  return null;
}
