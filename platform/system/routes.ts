/**
 * The apps' device report (domain 6.3): `POST app-device-report/report` by the logged-in app user at
 * login and daily. One row per (user, device): the device id is stored only as its SHA-256, the values
 * are checked by the APP上传信息 definition's own field rules.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { appDeviceReport } from "../../contract/resources/system-ops.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { ok } from "../http/envelope.js";
import { parseLabelled } from "../http/validate.js";
import { sha256 } from "../identity/crypto.js";
import { requireCaller } from "../identity/guard.js";

const F = appDeviceReport.fields;
const coordinate = (label: string, max: number) => z.number({ invalid_type_error: `${label}必须是数字` }).min(-max, `${label}超出范围`).max(max, `${label}超出范围`).nullable().optional();

export const deviceReportSchema = z
  .object({
    appCode: F.appCode.wire,
    appVersion: F.appVersion.wire,
    os: F.os.wire,
    osVersion: F.osVersion.wire,
    deviceBrand: F.deviceBrand.wire,
    deviceModel: F.deviceModel.wire,
    deviceId: z.string({ required_error: "请填写设备标识", invalid_type_error: "设备标识必须是文字" }).trim().min(8, "设备标识至少 8 个字符").max(128, "设备标识最多 128 个字符"),
    network: F.network.wire,
    locationPermission: F.locationPermission.wire,
    backgroundLocation: F.backgroundLocation.wire,
    pushEnabled: F.pushEnabled.wire,
    lat: coordinate("纬度", 90),
    lng: coordinate("经度", 180),
  })
  .strict("请求中有不能填写的字段");

export async function systemPageRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  app.post("/app-device-report/report", async (request) => {
    const caller = await requireCaller(ctx, request);
    const body = parseLabelled(deviceReportSchema, request.body);
    const user = await db.selectFrom("users").select(["name", "mobile", "tenant_id", "org_id"]).where("id", "=", caller.userId).executeTakeFirstOrThrow();
    const at = nowIso();
    const values = {
      user_name: user.name,
      mobile: user.mobile,
      app_code: body.appCode,
      app_version: body.appVersion,
      os: body.os,
      os_version: body.osVersion,
      device_brand: body.deviceBrand,
      device_model: body.deviceModel,
      network: body.network,
      location_permission: body.locationPermission,
      background_location: body.backgroundLocation ? 1 : 0,
      push_enabled: body.pushEnabled ? 1 : 0,
      last_lat: body.lat ?? null,
      last_lng: body.lng ?? null,
      reported_at: at,
      updated_at: at,
      updated_by: caller.userId,
    };
    const row = await db
      .insertInto("app_device_reports")
      .values({ platform_id: caller.platformId, tenant_id: user.tenant_id, org_id: user.org_id, owner_user_id: caller.userId, user_id: caller.userId, device_id_hash: sha256(body.deviceId), created_at: at, created_by: caller.userId, ...values })
      .onConflict((oc) => oc.columns(["user_id", "device_id_hash"]).doUpdateSet({ ...values, version: (eb) => eb("app_device_reports.version", "+", 1) }))
      .returning(["id", "reported_at"])
      .executeTakeFirstOrThrow();
    return ok({ id: Number(row.id), reportedTime: row.reported_at });
  });
}
