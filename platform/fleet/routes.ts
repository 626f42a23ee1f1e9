/**
 * The position feed of own vehicles (domain 7.2): `POST /tms-vehicle-position/report` takes a batch of
 * track points of one vehicle (a device gateway as the vehicle's organisation or the platform; the
 * driver app as the carrier of the vehicle's in-transit waybill), stores them on its in-transit waybill and evaluates the timeout rules at once.
 */
import { limitPublicRead } from "../http/rate-limit.js";
import { idSchema } from "../../contract/fields.js";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RefusalCode } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { notFound, ok, Refusal } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireScope } from "../identity/guard.js";
import { isIndividual, isOrgUser, isTenantStaff, visible } from "../scope.js";
import { latestPositions, publicShipCard, vehicleTrack } from "./positions.js";
import { TRACK_ACCURACY_MAX_M, TRACK_RANGE_MAX_MS, trackReportSchema as reportSchema } from "../../contract/fleet.js";
import { platformOf } from "../identity/guard.js";
import { ingestTrackPoints } from "./timeouts.js";

const latestQuery = z.object({ plateNo: z.string().trim().max(16, "车牌号不能超过 16 个字符").optional() });

const trackQuery = z
  .object({
    plateNo: z.string({ message: "请填写车牌号" }).trim().min(1, "请填写车牌号").max(16, "车牌号不能超过 16 个字符"),
    from: z.string({ message: "请填写开始时间" }).datetime({ offset: true, message: "开始时间格式不正确" }),
    to: z.string({ message: "请填写结束时间" }).datetime({ offset: true, message: "结束时间格式不正确" }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: "结束时间应晚于开始时间" })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= TRACK_RANGE_MAX_MS, { message: "查询时间范围不能超过 72 小时" });

export async function fleetRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  /** 轨迹查询: one own vehicle's points over ≤ 72 h, with its stops. */
  app.get("/tms-vehicle-position/track", async (request) => {
    const scope = await requireScope(ctx, request);
    if (!isOrgUser(scope) && !isIndividual(scope)) throw new Refusal(RefusalCode.notPermitted, "轨迹查询仅企业或个人账号可以使用");
    const q = parse(trackQuery, request.query);
    const track = await vehicleTrack(ctx.db.kysely, scope, q.plateNo, new Date(q.from).toISOString(), new Date(q.to).toISOString());
    if (!track) throw notFound(`未找到车辆 ${q.plateNo}，它不存在或不属于您`);
    return ok(track);
  });

  /** 船舶详情 (no token): an approved, enabled ship's public card; 404 otherwise. */
  app.get("/public/ship/:id", async (request) => {
    await limitPublicRead(ctx, request);
    const { id } = parse(z.object({ id: idSchema("船舶编号") }), request.params);
    const card = await publicShipCard(ctx.db.kysely, platformOf(request), id);
    if (!card) throw notFound("船舶不存在或未公开");
    return ok(card);
  });

  /** 车辆定位: the caller's vehicles with their latest position (organisations and individuals). */
  app.get("/tms-vehicle-position/latest", async (request) => {
    const scope = await requireScope(ctx, request);
    if (!isOrgUser(scope) && !isIndividual(scope)) throw new Refusal(RefusalCode.notPermitted, "车辆定位仅企业或个人账号可以查看");
    const { plateNo } = parse(latestQuery, request.query);
    return ok(await latestPositions(ctx.db.kysely, scope, plateNo, Date.now()));
  });

  app.post("/tms-vehicle-position/report", async (request) => {
    const scope = await requireScope(ctx, request);
    if (isTenantStaff(scope)) throw new Refusal(RefusalCode.notPermitted, "仅企业、平台或承运司机可以上报车辆定位");
    const body = parse(reportSchema, request.body);
    const db = ctx.db.kysely;
    // The driver app reports the vehicle of the waybill he is carrying now (his own vehicle or not); the
    // organisation and the platform report the vehicles they see (device gateways).
    const vehicle =
      isIndividual(scope)
        ? await db.selectFrom("freights").select("vehicle_id as id").where("vehicle_id", "=", body.vehicleId).where("carrier_user_id", "=", scope.userId).where("status", "=", "IN_TRANSIT").where("platform_id", "=", scope.platformId).executeTakeFirst()
        : await db.selectFrom("freight_vehicles as v").select("v.id").where("v.id", "=", body.vehicleId).where(visible("freight_vehicles", scope, "v")).executeTakeFirst();
    if (!vehicle && isIndividual(scope)) throw new Refusal(RefusalCode.notPermitted, "没有您运输中的该车辆运单，不能上报定位");
    if (!vehicle) throw notFound("车辆不存在");
    const precise = body.points.filter((p) => p.accuracy === undefined || p.accuracy <= TRACK_ACCURACY_MAX_M);
    const points = precise.map(({ accuracy: _accuracy, ...p }) => p).sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
    return ok({ ...(await ingestTrackPoints(ctx, body.vehicleId, points)), stored: points.length, imprecise: body.points.length - points.length });
  });
}
