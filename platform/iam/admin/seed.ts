/** Demo data of IAM administration: seed roles marked built in, app versions, two manuals, log rows. */
import { createHash } from "node:crypto";
import type { Db } from "../../db/index.js";
import type { SeedIds } from "../../db/seed.js";
import { SEED_DOCUMENT, seedDocumentName } from "../../documents/documents.js";
import { demoPng } from "../../documents/png.js";

const day = 86_400_000;

export async function seedIamAdmin(db: Db, ids: SeedIds): Promise<void> {
  const k = db.kysely;
  await k.updateTable("roles").set({ built_in: 1, created_at: new Date().toISOString() }).execute();
  const admin = ids.userIds.SYSTEM_USER;
  const versions = [
    { app_code: "DRIVER", os: "ANDROID", version_name: "3.2.0", version_code: 320, download_url: "https://download.example.cn/tms/driver-3.2.0.apk", notes: "新增装货过磅单拍照上传；优化轨迹上报耗电。", force: 0, ago: 20 },
    { app_code: "DRIVER", os: "ANDROID", version_name: "3.2.1", version_code: 321, download_url: "https://download.example.cn/tms/driver-3.2.1.apk", notes: "修复部分机型定位权限提示反复弹出的问题。", force: 1, ago: 5 },
    { app_code: "DRIVER", os: "IOS", version_name: "3.2.1", version_code: 321, download_url: "https://apps.apple.com/cn/app/id1600000001", notes: "修复部分机型定位权限提示反复弹出的问题。", force: 0, ago: 5 },
    { app_code: "CAPTAIN", os: "ANDROID", version_name: "1.4.0", version_code: 140, download_url: "https://download.example.cn/tms/captain-1.4.0.apk", notes: "水运运单装卸货确认；航次轨迹回放。", force: 0, ago: 12 },
    { app_code: "SHIPPER", os: "ANDROID", version_name: "2.0.3", version_code: 203, download_url: "https://download.example.cn/tms/shipper-2.0.3.apk", notes: "货源发布支持多卸货地；对账单导出。", force: 0, ago: 9 },
  ] as const;
  for (const v of versions) {
    const at = new Date(Date.now() - v.ago * day).toISOString();
    await k
      .insertInto("app_versions")
      .values({ platform_id: "A", tenant_id: null, org_id: null, owner_user_id: null, app_code: v.app_code, os: v.os, version_name: v.version_name, version_code: v.version_code, package_file_id: null, download_url: v.download_url, file_size: null, file_md5: null, update_notes: v.notes, is_force: v.force, status: "ENABLED", published_at: at, created_at: at, created_by: admin, updated_by: admin, updated_at: at, deleted_at: null })
      .execute();
  }
  // 系统文件: the coded operation manual (replaced, never deleted) and a plain one. Their bytes are made
  // from their names and written into the data directory at start, as the demo documents' are.
  const manuals: Array<[seed: string, fileCode: string | null, ago: number]> = [["平台操作手册", "OPERATION_MANUAL", 30], ["调度员上手指南", null, 3]];
  for (const [seed, fileCode, ago] of manuals) {
    const bytes = demoPng(seed);
    const hash = createHash("sha256").update(bytes).digest("hex");
    await k
      .insertInto("system_files")
      .values({ platform_id: "A", file_code: fileCode, category: "MANUAL", original_name: seedDocumentName(seed), storage_key: `files/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`, mime: "image/png", size_bytes: bytes.length, sha256: hash, version: 1, visibility: "PRIVATE", biz_type: SEED_DOCUMENT, biz_id: null, uploaded_by: admin, created_at: new Date(Date.now() - ago * day).toISOString(), deleted_at: null })
      .execute();
  }
  const people = await k.selectFrom("users").select(["id", "name", "mobile", "type"]).where("id", "in", Object.values(ids.userIds)).execute();
  const samples: Array<[module: string, content: string, kind: string, path: string | null]> = [
    ["登录", "登录成功", "LOGIN", "/api/v1/auth/third-class-insurance/token"],
    ["运单管理", "点击导出", "CLICK", null],
    ["车辆", "提交 /tms-vehicle/1/approve", "API", "/tms-vehicle/1/approve"],
    ["角色管理", "提交 /iam-role", "API", "/iam-role"],
    ["调度管理", "点击派车", "CLICK", null],
  ];
  let n = 0;
  for (const person of people) {
    for (const [module, content, kind, path] of samples) {
      n += 1;
      await k
        .insertInto("sys_operation_logs")
        .values({ platform_id: "A", user_id: person.id, user_name: person.name, mobile: person.mobile, user_type: person.type, module, content, system: "pc端", kind, method: path ? "POST" : null, path, result: kind === "CLICK" ? null : "SUCCESS", error_msg: null, duration_ms: kind === "CLICK" ? null : 30 + n, ip: `10.0.0.${n}`, user_agent: "Mozilla/5.0", created_at: new Date(Date.now() - n * 3_600_000).toISOString() })
        .execute();
    }
  }
}
