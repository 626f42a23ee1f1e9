/**
 * The platform's file store (domain 6.2): bytes on disk under the data directory, named by their
 * SHA-256 (`files/ab/cd/<hash>`, so one content is stored once), a `system_files` row per upload.
 * `storeFile` is the one way in: it checks the name (no paths), the type (extension and content
 * signature agree) and the size limit of the type; other services call it for credentials and
 * avatars. Downloads: PUBLIC files without a token, PRIVATE ones by permission or by their uploader.
 */
import { maskIdNumbersIn } from "../../../contract/personal.js";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sql } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../../contract/envelope.js";
import { idSchema } from "../../../contract/fields.js";
import { FILE_CODES, systemFile } from "../../../contract/resources/iam.js";
import { rowTitle } from "../../../contract/resources/derive.js";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import { HttpError, notFound, ok, Refusal } from "../../http/envelope.js";
import { parse } from "../../http/validate.js";
import type { Caller } from "../../identity/caller.js";
import { authenticate } from "../../identity/service.js";
import { bearerToken, platformOf, requireCaller } from "../../identity/guard.js";
import { requireCode } from "../../http/permission.js";
import { contentMatches, type ContentKind } from "./file-content.js";

const MB = 1024 * 1024;

/** Accepted types: extension → MIME, size limit, the bytes the content starts with and the structure it must have (file-content.ts). */
export const FILE_TYPES = {
  jpg: { mime: "image/jpeg", maxBytes: 10 * MB, magic: [[0xff, 0xd8, 0xff]], kind: "jpeg" },
  jpeg: { mime: "image/jpeg", maxBytes: 10 * MB, magic: [[0xff, 0xd8, 0xff]], kind: "jpeg" },
  png: { mime: "image/png", maxBytes: 10 * MB, magic: [[0x89, 0x50, 0x4e, 0x47]], kind: "png" },
  webp: { mime: "image/webp", maxBytes: 10 * MB, magic: [[0x52, 0x49, 0x46, 0x46]], kind: "webp" },
  pdf: { mime: "application/pdf", maxBytes: 20 * MB, magic: [[0x25, 0x50, 0x44, 0x46]], kind: "pdf" },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", maxBytes: 20 * MB, magic: [[0x50, 0x4b, 0x03, 0x04]], kind: "xlsx" },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", maxBytes: 20 * MB, magic: [[0x50, 0x4b, 0x03, 0x04]], kind: "docx" },
  apk: { mime: "application/vnd.android.package-archive", maxBytes: 200 * MB, magic: [[0x50, 0x4b, 0x03, 0x04]], kind: "apk" },
} as const satisfies Record<string, { mime: string; maxBytes: number; magic: number[][]; kind: ContentKind }>;
export type FileExtension = keyof typeof FILE_TYPES;
export const IMAGE_EXTENSIONS: readonly FileExtension[] = ["jpg", "jpeg", "png", "webp"];
/** The largest upload of any type; the upload route's body limit. */
export const MAX_UPLOAD_BYTES = 200 * MB;

export const FILE_CATEGORIES = {
  TEMPLATE: "导入模板",
  AGREEMENT: "协议",
  CONTRACT_TEMPLATE: "合同模板",
  MANUAL: "手册",
  APP_PACKAGE: "安装包",
  UPLOAD: "业务附件",
} as const;
export type FileCategory = keyof typeof FILE_CATEGORIES;

export interface StoreFileInput {
  platformId: string;
  name: string;
  bytes: Buffer;
  category: FileCategory;
  visibility: "PUBLIC" | "PRIVATE";
  uploadedBy: number | null;
  fileCode?: string | null;
  bizType?: string | null;
  bizId?: number | null;
  /** Only these extensions (e.g. images for an avatar). */
  allow?: readonly FileExtension[];
  /** A tighter size limit than the type's (e.g. 2 MB for an avatar). */
  maxBytes?: number;
}

const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);

/** A file name as stored: refused when it carries a path or control characters, trimmed to 128 characters. */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new HttpError(400, "文件名不能为空");
  if (/[/\\]/.test(trimmed) || trimmed.includes("..") || /^[A-Za-z]:/.test(trimmed)) throw new HttpError(400, "文件名不能包含路径");
  if (/[\x00-\x1f\x7f<>:"|?*]/.test(trimmed)) throw new HttpError(400, "文件名包含不允许的字符");
  if (trimmed.length > 128) throw new HttpError(400, "文件名最多 128 个字");
  return trimmed;
}

/**
 * The one upload check: the extension is an accepted type, the bytes carry its
 * signature, the size is within the type's limit (and `maxBytes`), and the content has the type's
 * real structure with no markup in it (file-content.ts). Returns the extension.
 */
export function checkFileType(name: string, bytes: Buffer, allow?: readonly FileExtension[], maxBytes = Infinity): FileExtension {
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  const allowed = allow ?? (Object.keys(FILE_TYPES) as FileExtension[]);
  if (!(allowed as readonly string[]).includes(ext)) throw new HttpError(400, `文件类型不支持，只能上传 ${[...new Set(allowed)].join("、")} 文件`);
  const type = FILE_TYPES[ext as FileExtension];
  if (!type.magic.some((sig) => sig.every((b, i) => bytes[i] === b))) throw new HttpError(400, `文件内容与扩展名 .${ext} 不符`);
  const limit = Math.min(type.maxBytes, maxBytes);
  if (bytes.length > limit) throw new HttpError(400, `文件过大：.${ext} 文件最大 ${sizeText(limit)}`);
  if (!contentMatches(type.kind, bytes)) throw new HttpError(400, `文件内容不是有效的 .${ext} 文件（结构不完整或夹带网页代码），请上传原始文件`);
  return ext as FileExtension;
}

export function dataDirOf(ctx: Pick<ServiceContext, "config">): string {
  return ctx.config.dataDir ?? "./data";
}

const storagePath = (ctx: ServiceContext, hash: string) => join(dataDirOf(ctx), "files", hash.slice(0, 2), hash.slice(2, 4), hash);

export async function storeFile(ctx: ServiceContext, input: StoreFileInput) {
  const name = checkFileName(input.name);
  if (input.bytes.length === 0) throw new HttpError(400, "文件内容为空");
  const ext = checkFileType(name, input.bytes, input.allow, input.maxBytes);
  const hash = createHash("sha256").update(input.bytes).digest("hex");
  const path = storagePath(ctx, hash);
  await mkdir(join(path, ".."), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, input.bytes);
  await rename(temp, path);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    let version = 1;
    if (input.fileCode) {
      const last = await trx.selectFrom("system_files").select(sql<number>`max(version)`.as("v")).where("platform_id", "=", input.platformId).where("file_code", "=", input.fileCode).executeTakeFirst();
      version = Number(last?.v ?? 0) + 1;
    }
    return trx
      .insertInto("system_files")
      .values({
        platform_id: input.platformId,
        file_code: input.fileCode ?? null,
        category: input.category,
        original_name: maskIdNumbersIn(name),
        storage_key: `files/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`,
        mime: FILE_TYPES[ext].mime,
        size_bytes: input.bytes.length,
        sha256: hash,
        version,
        visibility: input.visibility,
        biz_type: input.bizType ?? null,
        biz_id: input.bizId ?? null,
        uploaded_by: input.uploadedBy,
        created_at: nowIso(),
        deleted_at: null,
        public_token: randomBytes(16).toString("hex"),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** A PUBLIC file's token: 32 lowercase hex characters (128 random bits). */
export const PUBLIC_TOKEN = /^[0-9a-f]{32}$/;

/**
 * The address a stored file is served at (console and apps): a PUBLIC file by its unguessable token
 * (`/files/p/<32 hex>`, readable without logging in), a PRIVATE one by its id (`/files/<id>`, for
 * the uploader and holders of SYSTEM_USER_FILE only).
 */
export const fileUrl = (file: { id: number; visibility: string; public_token: string | null }) => (file.visibility === "PUBLIC" && file.public_token ? `/files/p/${file.public_token}` : `/files/${Number(file.id)}`);

export function toFileRecord(row: { id: number; file_code: string | null; category: string; original_name: string; mime: string; size_bytes: number; sha256: string; version: number; visibility: string; created_at: string; uploaded_by: number | null; public_token: string | null }, uploaderName?: string | null) {
  return {
    id: Number(row.id),
    fileCode: row.file_code,
    category: row.category,
    originalName: row.original_name,
    mime: row.mime,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    version: Number(row.version),
    visibility: row.visibility,
    url: fileUrl(row),
    uploaderName: uploaderName ?? null,
    createdTime: row.created_at,
  };
}

/**
 * May this caller download the file by its id? Never across platforms, whatever the caller's kind;
 * never anonymously (an anonymous reader uses a PUBLIC file's token: ids are sequential, guessable).
 */
function mayDownload(file: { platform_id: string; visibility: string; uploaded_by: number | null; category: string }, caller: Caller | null): boolean {
  if (!caller || caller.platformId !== file.platform_id) return false;
  if (file.visibility === "PUBLIC") return true;
  return caller.userId === Number(file.uploaded_by) || caller.permissions.has("SYSTEM_USER_FILE");
}

/** More readers of PRIVATE files (a business document to whoever sees a record holding it), added by other services. */
type FileReader = (ctx: ServiceContext, file: { id: number; category: string; platform_id: string }, caller: Caller) => Promise<boolean>;
const fileReaders: FileReader[] = [];
export function allowFileReaders(reader: FileReader): void {
  if (!fileReaders.includes(reader)) fileReaders.push(reader);
}
async function mayRead(ctx: ServiceContext, file: Parameters<typeof mayDownload>[0] & { id: number }, caller: Caller | null): Promise<boolean> {
  if (mayDownload(file, caller)) return true;
  if (!caller || caller.platformId !== file.platform_id) return false;
  for (const reader of fileReaders) if (await reader(ctx, file, caller)) return true;
  return false;
}

const uploadQuery = z.object({
  name: z.string({ required_error: "缺少必填参数 name（文件名）" }).max(512, "文件名过长"),
  category: z.enum(Object.keys(FILE_CATEGORIES) as [FileCategory, ...FileCategory[]], { errorMap: () => ({ message: "分类不正确（category）" }) }),
  visibility: z.enum(["PUBLIC", "PRIVATE"], { errorMap: () => ({ message: "可见性只能是 PUBLIC 或 PRIVATE（visibility）" }) }).default("PRIVATE"),
  fileCode: z.enum(FILE_CODES, { errorMap: () => ({ message: "文件编码不正确（fileCode）" }) }).optional().or(z.literal("").transform(() => undefined)),
});
const idParams = z.object({ id: idSchema("id") });

/** Raw uploads: the body is the file (application/octet-stream), its name and category in the query. */
export function acceptRawUploads(app: FastifyInstance): void {
  app.addContentTypeParser("application/octet-stream", { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
}

export function uploadedBytes(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new HttpError(400, "请以 application/octet-stream 上传文件内容");
  return body;
}

export async function systemFileRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {

  app.post("/system-file/upload", { bodyLimit: MAX_UPLOAD_BYTES }, async (request) => {
    const caller = await requireCaller(ctx, request);
    requireCode(caller, "SYSTEM_USER_FILE", "上传系统文件");
    const query = parse(uploadQuery, request.query);
    if (query.category === "UPLOAD") throw new HttpError(400, "业务附件由各业务页面上传，请选择其他分类");
    const row = await storeFile(ctx, { platformId: caller.platformId, name: query.name, bytes: uploadedBytes(request.body), category: query.category, visibility: query.visibility, uploadedBy: caller.userId, fileCode: query.fileCode ?? null });
    return ok(toFileRecord(row, caller.name));
  });

  app.delete("/system-file/:id", async (request) => {
    const caller = await requireCaller(ctx, request);
    requireCode(caller, "SYSTEM_USER_FILE", "删除系统文件");
    const { id } = parse(idParams, request.params);
    const file = await ctx.db.kysely.selectFrom("system_files").selectAll().where("id", "=", id).where("platform_id", "=", caller.platformId).where("deleted_at", "is", null).executeTakeFirst();
    if (!file) throw notFound("文件不存在");
    if (file.file_code) throw new Refusal(RefusalCode.illegalState, `${file.original_name} 是编码文件（${file.file_code}），只能替换，不能删除`);
    await ctx.db.kysely.updateTable("system_files").set({ deleted_at: nowIso() }).where("id", "=", id).execute();
    return ok({ id, title: rowTitle(systemFile, { originalName: file.original_name }) });
  });

  /** The bytes by id: PUBLIC to anyone logged in on the platform, PRIVATE to the uploader and holders of SYSTEM_USER_FILE. */
  app.get("/system-file/:id/download", async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const file = await ctx.db.kysely.selectFrom("system_files").selectAll().where("id", "=", id).where("platform_id", "=", platformOf(request)).where("deleted_at", "is", null).executeTakeFirst();
    if (!file) throw notFound("文件不存在");
    const token = bearerToken(request);
    const caller = token ? await authenticate(ctx, token) : null;
    if (!(await mayRead(ctx, file, caller))) throw caller ? new Refusal(RefusalCode.notPermitted, "当前账号没有下载该文件的权限") : new HttpError(401, "请登录后下载");
    return sendStoredFile(ctx, reply, file);
  });

  /** A PUBLIC file by its token, without logging in (the only anonymous read). */
  app.get("/system-file/p/:token/download", async (request, reply) => {
    const { token } = parse(tokenParams, request.params);
    const file = await ctx.db.kysely.selectFrom("system_files").selectAll().where("public_token", "=", token).where("visibility", "=", "PUBLIC").where("platform_id", "=", platformOf(request)).where("deleted_at", "is", null).executeTakeFirst();
    if (!file) throw notFound("文件不存在");
    return sendStoredFile(ctx, reply, file);
  });
}

const tokenParams = z.object({ token: z.string().regex(PUBLIC_TOKEN, "文件地址不正确") });

/**
 * Every stored file leaves through here: its stored type, never sniffed
 * (`X-Content-Type-Options: nosniff`); images inline, everything else as an attachment, the name
 * only in the RFC 5987 form (no quotes or line breaks can reach the header); PUBLIC files cacheable.
 */
async function sendStoredFile(ctx: ServiceContext, reply: FastifyReply, file: { storage_key: string; mime: string; original_name: string; visibility: string }) {
  const bytes = await readFile(join(dataDirOf(ctx), file.storage_key)).catch(() => null);
  if (!bytes) throw notFound("文件内容不存在");
  const inline = file.mime.startsWith("image/");
  return reply
    .header("Content-Type", file.mime)
    .header("Content-Length", String(bytes.length))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Disposition", `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.original_name)}`)
    .header("Cache-Control", file.visibility === "PUBLIC" ? "public, max-age=86400" : "private, no-store")
    .send(bytes);
}
