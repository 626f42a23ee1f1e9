/**
 * Business documents in the console: the one server path every document
 * upload takes. A form with a DocumentUpload widget posts multipart (works with JavaScript off): each
 * `<field>__file` part is relayed to the platform's `POST /document/upload` (type by content, size —
 * the platform checks) and its `/files/<id>` joins the field's references; `<field>__clear` drops the
 * references already held. With JavaScript on the widget uploads at once through `/documents/upload`
 * (this file's `relayDocument`) and the form then carries only references.
 */
import { unstable_createMemoryUploadHandler } from "@remix-run/node";
import { PlatformError } from "./platform.server";
import { readForm } from "./read-form.server";
import type { CurrentUser } from "./user.server";
import { DOCUMENT_CLEAR_SUFFIX, DOCUMENT_FILE_SUFFIX, DOCUMENT_MAX_BYTES, refsOfText, type DocumentKind } from "~/lib/documents";

export interface UploadedDocument {
  id: number;
  url: string;
  originalName: string;
  mime: string;
  sizeBytes: number;
}

/** Relays one file to the platform's document store as the user. */
export async function relayDocument(user: CurrentUser, name: string, bytes: Uint8Array, kind: DocumentKind): Promise<UploadedDocument> {
  return user.call<UploadedDocument>({ path: "/document/upload", query: { name, kind }, bytes });
}

const uploadHandler = unstable_createMemoryUploadHandler({ maxPartSize: DOCUMENT_MAX_BYTES });

/**
 * Reads a form that may carry document uploads (multipart or not) and turns each uploaded file into a
 * reference of its field; `errors` names the field whose upload the platform refused (and why).
 */
export async function readDocumentForm(request: Request, user: CurrentUser, kinds: Record<string, DocumentKind>): Promise<{ form: FormData; errors: Record<string, string> }> {
  let form: FormData;
  try {
    form = await readForm(request, { multipart: uploadHandler });
  } catch (error) {
    if (error instanceof Error && error.name === "MaxPartSizeExceededError") return { form: new FormData(), errors: { _: `文件过大：单个文件最大 ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB` } };
    throw error;
  }
  const errors: Record<string, string> = {};
  for (const [field, kind] of Object.entries(kinds)) {
    const held = form.get(`${field}${DOCUMENT_CLEAR_SUFFIX}`) ? [] : refsOfText(String(form.get(field) ?? ""));
    const files = form.getAll(`${field}${DOCUMENT_FILE_SUFFIX}`).filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v && (v as File).size > 0);
    form.delete(`${field}${DOCUMENT_FILE_SUFFIX}`);
    const added: string[] = [];
    for (const file of files) {
      try {
        added.push((await relayDocument(user, file.name, new Uint8Array(await file.arrayBuffer()), kind)).url);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        errors[field] = `${file.name}：${error.message}`;
      }
    }
    if (files.length || form.has(field)) form.set(field, [...held, ...added].join("\n"));
  }
  return { form, errors };
}
