/**
 * APP 版本 binding (domain 6.4) and its spec calls beyond the engine's: `app-version/batchDelete` and
 * the public `app-version/latest` the /download page and the apps read.
 */
import { fileUrl } from "./files.js";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../../contract/envelope.js";
import { APP_CODES, APP_OS, appVersion } from "../../../contract/resources/app-version.js";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import { ok, Refusal } from "../../http/envelope.js";
import { parse } from "../../http/validate.js";
import { platformOf, requireCaller } from "../../identity/guard.js";
import { bindResource, platformScope, type AnyDb } from "../../resources/bind.js";
import { deleteResource } from "../../resources/write.js";
import { scopeOf } from "../../scope.js";

const invalid = (message: string) => new Refusal(RefusalCode.invalid, message);

async function maxCode(trx: AnyDb, platformId: string, app: unknown, os: unknown): Promise<number> {
  const row = await trx.selectFrom("app_versions").select(sql<number>`max(version_code)`.as("m")).where("platform_id", "=", platformId).where("app_code", "=", String(app)).where("os", "=", String(os)).where("deleted_at", "is", null).executeTakeFirst();
  return Number(row?.m ?? 0);
}

export const appVersionBinding = bindResource(appVersion, {
  table: "app_versions",
  scope: platformScope,
  stamp: "platform",
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      const highest = await maxCode(trx, scope.platformId, values.app_code, values.os);
      if (Number(values.version_code) <= highest) throw invalid(`版本序号必须大于 ${highest}（${APP_CODES[values.app_code as keyof typeof APP_CODES].label} ${APP_OS[values.os as keyof typeof APP_OS].label} 已发布的最大序号）`);
      const url = String(values.download_url);
      const file = /^\/files\/(?:p\/([0-9a-f]{32})|(\d+))$/.exec(url);
      if (values.os === "IOS" && file) throw invalid("iOS 版本请填写 App Store 地址");
      if (file) {
        let query = trx.selectFrom("system_files").select(["id", "size_bytes", "original_name", "visibility", "public_token"]).where("platform_id", "=", scope.platformId).where("deleted_at", "is", null);
        query = file[1] ? query.where("public_token", "=", file[1]) : query.where("id", "=", Number(file[2]));
        const stored = await query.executeTakeFirst();
        if (!stored) throw invalid("下载地址指向的文件不存在");
        // The app downloads without logging in: only a PUBLIC file, through its token address.
        if (stored.visibility !== "PUBLIC") throw invalid("安装包应上传为公开文件（PUBLIC）");
        values.download_url = fileUrl(stored);
        if (!stored.original_name.toLowerCase().endsWith(".apk")) throw invalid("安卓安装包应为 .apk 文件");
        values.package_file_id = stored.id;
        values.file_size = Number(stored.size_bytes);
      }
      values.published_at = nowIso();
    },
    beforeDelete: async (trx, scope, row) => {
      if (row.status !== "ENABLED") return;
      const newer = await trx.selectFrom("app_versions").select("id").where("platform_id", "=", scope.platformId).where("app_code", "=", String(row.app_code)).where("os", "=", String(row.os)).where("deleted_at", "is", null).where("status", "=", "ENABLED").where("version_code", ">", Number(row.version_code)).executeTakeFirst();
      const older = await trx.selectFrom("app_versions").select("id").where("platform_id", "=", scope.platformId).where("app_code", "=", String(row.app_code)).where("os", "=", String(row.os)).where("deleted_at", "is", null).where("version_code", "<", Number(row.version_code)).executeTakeFirst();
      if (!newer && older) throw new Refusal(RefusalCode.illegalState, `${String(row.version_name)} 是当前在用的最新版本，请先发布新版本或将其禁用后再删除`);
    },
  },
});

export interface LatestVersion {
  appCode: string;
  appName: string;
  os: string;
  versionName: string;
  versionCode: number;
  isForce: boolean;
  downloadUrl: string;
  fileSize: number | null;
  updateNotes: string;
  publishedAt: string | null;
}

/** The newest 在用 version of each app and system. */
export async function latestVersions(ctx: ServiceContext, platformId: string): Promise<LatestVersion[]> {
  const rows = await ctx.db.kysely
    .selectFrom("app_versions as v")
    .selectAll("v")
    .where("v.platform_id", "=", platformId)
    .where("v.deleted_at", "is", null)
    .where("v.status", "=", "ENABLED")
    .where((eb) =>
      eb("v.version_code", "=", eb.selectFrom("app_versions as w").select(sql<number>`max(w.version_code)`.as("m")).whereRef("w.platform_id", "=", "v.platform_id").whereRef("w.app_code", "=", "v.app_code").whereRef("w.os", "=", "v.os").where("w.deleted_at", "is", null).where("w.status", "=", "ENABLED")),
    )
    .orderBy("v.app_code")
    .orderBy("v.os")
    .execute();
  return rows.map((r) => ({
    appCode: r.app_code,
    appName: APP_CODES[r.app_code as keyof typeof APP_CODES]?.label ?? r.app_code,
    os: r.os,
    versionName: r.version_name,
    versionCode: Number(r.version_code),
    isForce: Number(r.is_force) === 1,
    downloadUrl: r.download_url ?? "",
    fileSize: r.file_size === null ? null : Number(r.file_size),
    updateNotes: r.update_notes,
    publishedAt: r.published_at,
  }));
}

const batchBody = z.object({
  ids: z.array(z.number({ invalid_type_error: "ids 只能包含数字" }).int("ids 只能包含整数").positive("ids 只能包含正整数"), { required_error: "缺少必填字段 ids", invalid_type_error: "ids 必须是数组" }).min(1, "请至少选择 1 个版本（ids）").max(100, "一次最多删除 100 个版本（ids）"),
});

export async function appVersionRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post("/app-version/batchDelete", async (request) => {
    const scope = scopeOf(ctx, await requireCaller(ctx, request));
    const { ids } = parse(batchBody, request.body);
    const deleted: number[] = [];
    // Oldest first, so deleting a whole app's history does not trip the newest-version rule.
    const rows = await ctx.db.kysely.selectFrom("app_versions").select(["id"]).where("id", "in", ids).orderBy("version_code", "asc").execute();
    const order = [...rows.map((r) => Number(r.id)), ...ids.filter((id) => !rows.some((r) => Number(r.id) === id))];
    for (const id of order) {
      await deleteResource(ctx, appVersionBinding, scope, id);
      deleted.push(id);
    }
    return ok({ deleted });
  });

  /** Public: what /download shows and the apps' update check reads. */
  app.get("/app-version/latest", async (request) => ok(await latestVersions(ctx, platformOf(request))));
}
