/** References to uploaded business documents (`/files/<id>`) held by records, and the check a write makes. */
import { HttpError } from "../http/envelope.js";
import type { CallerScope } from "../scope.js";
import type { AnyDb } from "../resources/bind.js";

/** The address form of an uploaded document. */
const FILE_REF = /^\/files\/(\d{1,12})$/;
export const fileIdOf = (ref: string): number | null => {
  const m = FILE_REF.exec(ref.trim());
  return m ? Number(m[1]) : null;
};

/**
 * The references a record takes, checked: each new `/files/<id>` must be a business document of the
 * caller's platform that the caller uploaded; a reference the record already held may stay. Anything
 * else (a typed path or address) is refused: documents are uploaded, not named.
 */
export async function checkDocumentRefs(db: AnyDb, scope: CallerScope, label: string, refs: readonly string[], held: readonly string[] = [], options: { strict?: boolean } = { strict: true }): Promise<void> {
  // Not strict (fields that still take an outside address): only references to stored files are checked.
  const fresh = refs.filter((r) => !held.includes(r) && (options.strict || fileIdOf(r) !== null));
  if (!fresh.length) return;
  const ids = fresh.map(fileIdOf);
  if (ids.some((id) => id === null)) throw new HttpError(400, `${label}须上传文件（图片或 PDF），不能填写地址`);
  const rows = await db
    .selectFrom("system_files")
    .select(["id", "uploaded_by", "category"])
    .where("id", "in", ids as number[])
    .where("platform_id", "=", scope.platformId)
    .where("deleted_at", "is", null)
    .execute();
  for (const id of ids as number[]) {
    const row = rows.find((r) => Number(r.id) === id);
    if (!row || row.category !== "UPLOAD" || Number(row.uploaded_by) !== scope.userId) throw new HttpError(400, `${label}文件不存在或不是您上传的，请重新上传`);
  }
}

/** Parses a stored JSON list of references (a credential's images). */
export const refsOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || !value) return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.map(String) : [value];
  } catch {
    return [value];
  }
};

