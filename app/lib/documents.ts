/** Business documents, shared by the widget and the server. */

/** A form's file part for field X is `X__file`; `X__clear` drops the references X already holds. */
export const DOCUMENT_FILE_SUFFIX = "__file";
export const DOCUMENT_CLEAR_SUFFIX = "__clear";
export { DOCUMENT_MAX_BYTES, DOCUMENT_KIND_CODES, type DocumentKind } from "../../contract/documents";
/** What the file picker offers: images and PDF (the platform checks the content). */
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf";

/** References held in a form value: one per line (or whitespace). */
export const refsOfText = (text: string): string[] => text.split(/\s+/).map((s) => s.trim()).filter(Boolean);

/** The stored file id of a `/files/<id>` reference (null: an old path or an outside address). */
export const fileIdOfRef = (ref: string): number | null => {
  const m = /^\/files\/(\d{1,12})$/.exec(ref);
  return m ? Number(m[1]) : null;
};

/** Where a reference opens in full (a stored file shown in the browser rather than downloaded). */
export const viewHref = (ref: string) => (fileIdOfRef(ref) !== null ? `${ref}?view=1` : ref);
