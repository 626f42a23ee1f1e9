/**
 * Business documents: 证照 images, 装货/卸货磅单, 充值转账凭证 are files of the
 * platform's file store, not typed paths. One way in and one rule for each concern:
 * - `POST /document/upload` (the body is the file, application/octet-stream): an image (jpg/png/webp)
 *   or a PDF, type checked by content, at most 10 MB, stored PRIVATE in category UPLOAD, its uploader
 *   recorded. The answer's `url` (`/files/<id>`) is what a record then holds.
 * - `checkDocumentRefs`: a record may only take a `/files/<id>` its writer uploaded (or one it already
 *   held), so nobody reaches another's private file by naming its id in their own record.
 * - `mayReadDocument`: a private document is readable by whoever may see a record holding it (the
 *   holder's own scope: a 证照 through its subject, a 磅单 through its waybill, a 凭证 through its
 *   充值), besides the file store's own rule (uploader, SYSTEM_USER_FILE).
 */
import { readFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { z } from "zod";
import type { ServiceContext } from "../context.js";
import { ok } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import type { Caller } from "../identity/caller.js";
import { requireCaller } from "../identity/guard.js";
import { allowFileReaders, dataDirOf, storeFile, toFileRecord, uploadedBytes, type FileExtension } from "../iam/admin/files.js";
import { columnOf } from "../../contract/resources/derive.js";
import { registeredBindings } from "../resources/lookup.js";
import { rowsFor, scopeOf, visible, type CallerScope } from "../scope.js";
import type { AnyDb } from "../resources/bind.js";
import { demoPng } from "./png.js";
import { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, type DocumentKind } from "../../contract/documents.js";

/** What a business document may be: a photo or scan (image) or a PDF. */
export const DOCUMENT_EXTENSIONS: readonly FileExtension[] = ["jpg", "jpeg", "png", "webp", "pdf"];
export { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES };

/** Rows of an organisation's own table (充值): the platform's staff, the tenant's, the organisation's users. */
function orgRows(scope: CallerScope, alias: string): RawBuilder<SqlBool> {
  return rowsFor(scope, alias, { individual: null });
}

/** Where documents are held: table, the columns holding references, and who may see the rows. */
interface Holder {
  table: string;
  columns: readonly string[];
  scope: (scope: CallerScope, alias: string) => RawBuilder<SqlBool>;
  live?: boolean;
}
let derived: Holder[] | null = null;
/** Every engine resource with image fields (a 证照's images, a relation's 授权材料 …), derived from the bindings, and the business tables below. */
const holders = (): Holder[] =>
  (derived ??= [
    ...registeredBindings().flatMap((b) => {
      const columns = Object.entries(b.def.fields).filter(([, field]) => field.kind === "images").map(([key, field]) => columnOf(key, field));
      return columns.length ? [{ table: b.table, columns, scope: b.scope, live: b.table === "credentials" }] : [];
    }),
    ...BUSINESS_HOLDERS,
  ]);
const BUSINESS_HOLDERS: Holder[] = [
  { table: "freights", columns: ["loading_ticket_url", "unloading_ticket_url"], scope: (s, a) => visible("freights", s, a) },
  { table: "recharges", columns: ["voucher_url"], scope: orgRows },
];

/** Whether a record the caller may see holds the file (a JSON list holding it, or the plain reference). */
export async function mayReadDocument(db: AnyDb, scope: CallerScope, fileId: number): Promise<boolean> {
  const ref = `/files/${fileId}`;
  for (const holder of holders()) {
    const held = holder.columns.map((c) => sql<SqlBool>`(${sql.ref(`h.${c}`)} = ${ref} or ${sql.ref(`h.${c}`)} like ${`%"${ref}"%`})`);
    let query = db.selectFrom(`${holder.table} as h` as never).select(sql`1`.as("one")).where(holder.scope(scope, "h")).where(sql<SqlBool>`(${sql.join(held, sql` or `)})`);
    if (holder.live) query = query.where(sql<SqlBool>`h.deleted_at is null`);
    if (await query.limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/** Whether any live record still holds the file (whoever may see it): a purge removes a file only when none does. */
export async function isDocumentHeld(db: AnyDb, fileId: number): Promise<boolean> {
  const ref = `/files/${fileId}`;
  for (const holder of holders()) {
    const held = holder.columns.map((c) => sql<SqlBool>`(${sql.ref(`h.${c}`)} = ${ref} or ${sql.ref(`h.${c}`)} like ${`%"${ref}"%`})`);
    let query = db.selectFrom(`${holder.table} as h` as never).select(sql`1`.as("one")).where(sql<SqlBool>`(${sql.join(held, sql` or `)})`);
    if (holder.live) query = query.where(sql<SqlBool>`h.deleted_at is null`);
    if (await query.limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/** Stores one uploaded business document of the caller (PRIVATE until a record holding it is seen). */
export async function storeDocument(ctx: ServiceContext, caller: Caller, input: { name: string; bytes: Buffer; kind: DocumentKind }) {
  const row = await storeFile(ctx, { platformId: caller.platformId, name: input.name, bytes: input.bytes, category: "UPLOAD", visibility: "PRIVATE", uploadedBy: caller.userId, bizType: input.kind, allow: DOCUMENT_EXTENSIONS, maxBytes: DOCUMENT_MAX_BYTES });
  return toFileRecord(row, caller.name);
}

const uploadQuery = z.object({
  name: z.string({ required_error: "缺少必填参数 name（文件名）" }).max(512, "文件名过长"),
  kind: z.enum(Object.keys(DOCUMENT_KINDS) as [DocumentKind, ...DocumentKind[]], { errorMap: () => ({ message: `文件用途不正确（kind 只能是 ${Object.keys(DOCUMENT_KINDS).join("、")}）` }) }),
});

/** Seeded demo documents: the file row names the seed its bytes are made from; `restoreSeedDocuments` writes missing copies. */
export const SEED_DOCUMENT = "SEED_DOCUMENT";
export const seedDocumentName = (seed: string) => `${seed}.png`;

/** Writes the bytes of seeded demo documents whose copy the data directory lacks (a fresh data directory, a copied database). */
export async function restoreSeedDocuments(ctx: ServiceContext): Promise<void> {
  const rows = await ctx.db.kysely.selectFrom("system_files").select(["storage_key", "original_name", "sha256"]).where("biz_type", "=", SEED_DOCUMENT).where("deleted_at", "is", null).execute();
  for (const row of rows) {
    const path = join(dataDirOf(ctx), row.storage_key);
    if (await readFile(path).then(() => true, () => false)) continue;
    const bytes = demoPng(row.original_name.replace(/\.png$/, ""));
    await mkdir(join(path, ".."), { recursive: true });
    await writeFile(path, bytes);
  }
}

/** The file store's extra reader: a business document to whoever sees a record holding it. */
const documentReader = async (ctx: ServiceContext, file: { id: number; category: string }, caller: Caller) => file.category === "UPLOAD" && mayReadDocument(ctx.db.kysely, scopeOf(ctx, caller), Number(file.id));

export async function documentRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  allowFileReaders(documentReader);
  await restoreSeedDocuments(ctx).catch((error: unknown) => ctx.log.error({ err: error }, "restoring seeded documents failed"));

  /** One business document: ?name=<file name>&kind=CREDENTIAL|WEIGH_TICKET|RECHARGE_VOUCHER|INVOICE, the body the file. */
  app.post("/document/upload", { bodyLimit: DOCUMENT_MAX_BYTES + 2 * 1024 * 1024 }, async (request) => {
    const caller = await requireCaller(ctx, request);
    const query = parse(uploadQuery, request.query);
    return ok(await storeDocument(ctx, caller, { name: query.name, bytes: uploadedBytes(request.body), kind: query.kind }));
  });
}
