/**
 * Find-ship endpoints beside the engine's (domain 7.4, 7.6): the map, a ship's detail, 在途船舶, the
 * 选船 link for a supply, and the public H5 calls (no token): search (rate-limited per address), one
 * notice's card (counted), 联系船东 and 选船 after SMS verification of the visitor's mobile.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { z } from "zod";
import { idSchema } from "../../contract/fields.js";
import { RefusalCode } from "../../contract/envelope.js";
import {
  findShipDetailQuery,
  inTransitQuery,
  publicContactBody,
  publicSearchQuery,
  publicSmsBody,
  SELECT_SHIP_TICKET_HOURS,
  selectShipBody,
  selectTicketBody,
  shipMapQuery,
  type SelectShipView,
} from "../../contract/findship.js";
import { tonnesPlain } from "../../contract/numbers.js";
import type { ServiceContext } from "../context.js";
import { firstViewInWindow, limitPublicRead, requesterAddress } from "../http/rate-limit.js";
import { nowIso } from "../db/index.js";
import { notFound, ok, Refusal } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import { platformOf, requireScope } from "../identity/guard.js";
import { getKeyPair } from "../identity/service.js";
import { issueSmsCode, requireSmsCode } from "../identity/sms-codes.js";
import { bindingOf } from "../resources/lookup.js";
import { scopedBase } from "../resources/query.js";
import { nextSerial } from "../resources/write.js";
import { assertWater, isOrgUser, isPlatformStaff } from "../scope.js";
import { findShipDetail, publicAvailabilities, shipMap, shipOfAvailability, shipsInTransit } from "./views.js";

const invalid = (message: string) => new Refusal(RefusalCode.invalid, message);
const idParam = z.object({ id: idSchema("编号") });

/** At most PUBLIC_SEARCHES_PER_MINUTE public reads per visitor address and minute (platform/http/rate-limit.ts, shared by the instances through Redis when configured). */
const publicLimiter = (ctx: ServiceContext) => (request: FastifyRequest) => limitPublicRead(ctx, request);

// ---------------------------------------------------------------------------------------------
// 选船 tickets: `<payload>.<signature>`, payload = base64url JSON { s: supplyId, p: platform, e: expiry ms }.

async function ticketKey(ctx: ServiceContext): Promise<Buffer> {
  const { privateKey } = await getKeyPair(ctx);
  return createHmac("sha256", "select-ship-ticket").update(privateKey).digest();
}

export async function signSelectTicket(ctx: ServiceContext, supplyId: number, platformId: string, now = Date.now()): Promise<{ ticket: string; expiresAt: string }> {
  const expires = now + SELECT_SHIP_TICKET_HOURS * 3600_000;
  const payload = Buffer.from(JSON.stringify({ s: supplyId, p: platformId, e: expires })).toString("base64url");
  const signature = createHmac("sha256", await ticketKey(ctx)).update(payload).digest("base64url");
  return { ticket: `${payload}.${signature}`, expiresAt: new Date(expires).toISOString() };
}

async function verifySelectTicket(ctx: ServiceContext, ticket: string, platformId: string): Promise<{ supplyId: number; expiresAt: string }> {
  const [payload, signature] = ticket.split(".");
  if (!payload || !signature) throw invalid("选船链接无效，请向货主重新索取");
  const expected = createHmac("sha256", await ticketKey(ctx)).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid("选船链接无效（签名不正确），请向货主重新索取");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { s?: unknown; p?: unknown; e?: unknown };
  if (typeof claims.s !== "number" || claims.p !== platformId || typeof claims.e !== "number") throw invalid("选船链接无效，请向货主重新索取");
  if (claims.e < Date.now()) throw invalid("选船链接已过期（有效期 72 小时），请向货主重新索取");
  return { supplyId: claims.s, expiresAt: new Date(claims.e).toISOString() };
}

type SupplyRow = { id: number; platform_id: string; tenant_id: number | null; org_id: number | null; supply_no: string; cargo_name: string; loading_place: string; unloading_place: string; total_weight: number | null; taken_weight: number; loading_from: string; loading_to: string; status: string };

async function supplyOfTicket(ctx: ServiceContext, ticket: string, platformId: string): Promise<{ supply: SupplyRow; expiresAt: string }> {
  const { supplyId, expiresAt } = await verifySelectTicket(ctx, ticket, platformId);
  const supply = (await ctx.db.kysely
    .selectFrom("supplies")
    .select(["id", "platform_id", "tenant_id", "org_id", "supply_no", "cargo_name", "loading_place", "unloading_place", "total_weight", "taken_weight", "loading_from", "loading_to", "status"])
    .where("id", "=", supplyId)
    .where("deleted_at", "is", null)
    .executeTakeFirst()) as SupplyRow | undefined;
  if (!supply) throw notFound("货源不存在或已删除");
  return { supply, expiresAt };
}

const remainingOf = (s: SupplyRow) => (s.total_weight == null ? null : Math.max(0, Number(s.total_weight) - Number(s.taken_weight)));

export async function findShipRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const limit = publicLimiter(ctx);

  /** 找船地图 (every account of the platform). */
  app.get("/tms-ship-position/map", async (request) => {
    const scope = await requireScope(ctx, request);
    return ok(await shipMap(ctx.db.kysely, scope.platformId, parse(shipMapQuery, request.query)));
  });

  /** 找船详情: by ship, or by one of its published notices. */
  app.get("/tms-find-ship/detail", async (request) => {
    const scope = await requireScope(ctx, request);
    const q = parse(findShipDetailQuery, request.query);
    const shipId = q.shipId ?? (await shipOfAvailability(ctx.db.kysely, scope.platformId, q.availabilityId!));
    const detail = shipId == null ? null : await findShipDetail(ctx.db.kysely, scope, shipId);
    if (!detail) throw notFound("船舶不存在或未认证");
    return ok(detail);
  });

  /** 在途船舶: water waybills in transit, for callers with the water right. */
  app.get("/tms-ship-in-transit", async (request) => {
    const scope = await requireScope(ctx, request);
    assertWater(scope);
    const { keyword } = parse(inTransitQuery, request.query);
    return ok(await shipsInTransit(ctx.db.kysely, scope, keyword || undefined));
  });

  /** 选船链接 for one of the caller's supplies, valid 72 hours. */
  app.post("/tms-ship-inquiry/ticket", async (request) => {
    const scope = await requireScope(ctx, request);
    if (!isOrgUser(scope) && !isPlatformStaff(scope)) throw new Refusal(RefusalCode.notPermitted, "仅企业或平台账号可以生成选船链接");
    const { supplyId } = parse(selectTicketBody, request.body);
    const binding = bindingOf("supply");
    const supply = binding ? await scopedBase(ctx.db.kysely, binding, scope).select(["t.id", "t.status"]).where("t.id", "=", supplyId).executeTakeFirst() : undefined;
    if (!supply) throw notFound("货源不存在或不属于您");
    if (supply.status !== "PUBLISHED") throw new Refusal(RefusalCode.illegalState, "只有已发布的货源可以分享选船链接");
    return ok(await signSelectTicket(ctx, supplyId, scope.platformId));
  });

  // -------------------------------------------------------------------------------------------
  // Public (no token)

  app.get("/public/find-ship", async (request) => {
    await limit(request);
    const q = parse(publicSearchQuery, request.query);
    return ok(await publicAvailabilities(ctx.db.kysely, platformOf(request), { port: q.port || undefined, minTonnes: q.minTonnes, shipType: q.shipType || undefined }));
  });

  app.get("/public/find-ship/:id", async (request) => {
    await limit(request);
    const { id } = parse(idParam, request.params);
    const [card] = await publicAvailabilities(ctx.db.kysely, platformOf(request), { ids: [id] }, 1);
    if (!card) throw notFound("该空船信息不存在或已下架");
    // One view per visitor per notice per hour: reloading the page does not inflate 浏览次数.
    if (await firstViewInWindow(ctx, request, `ship-availability:${id}`)) await ctx.db.kysely.updateTable("ship_availabilities").set({ view_count: sql`view_count + 1` }).where("id", "=", id).execute();
    return ok(card);
  });

  /** The verification code for 联系船东 / 选船 (any mobile, at most once a minute). */
  app.post("/public/find-ship/sms", async (request) => {
    await limit(request);
    const { mobile } = parse(publicSmsBody, request.body);
    return ok(await issueSmsCode(ctx, { platformId: platformOf(request), mobile, purpose: "FIND_SHIP", address: requesterAddress(request) }));
  });

  /** 联系船东: a verified visitor leaves an intent (沟通记录, channel H5) and gets the contact's number. */
  app.post("/public/find-ship/:id/contact", async (request) => {
    await limit(request);
    const { id } = parse(idParam, request.params);
    const body = parse(publicContactBody, request.body);
    const platformId = platformOf(request);
    const notice = await ctx.db.kysely
      .selectFrom("ship_availabilities")
      .select(["id", "platform_id", "tenant_id", "org_id", "ship_id", "ship_name", "mmsi", "contact_name", "contact_mobile", "empty_port", "empty_from"])
      .where("id", "=", id)
      .where("platform_id", "=", platformId)
      .where("audit_status", "=", "APPROVED")
      .where("status", "=", "OPEN")
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!notice) throw notFound("该空船信息不存在或已下架");
    await requireSmsCode(ctx, { mobile: body.mobile, purpose: "FIND_SHIP", code: body.smsCode });
    const at = nowIso();
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("ship_communications")
        .values({
          platform_id: notice.platform_id,
          tenant_id: notice.tenant_id,
          org_id: notice.org_id,
          owner_user_id: null,
          ship_id: notice.ship_id,
          ship_name: notice.ship_name,
          mmsi: notice.mmsi,
          contact_name: body.name,
          contact_mobile: body.mobile,
          channel: "H5",
          availability_id: notice.id,
          inquiry_id: null,
          content: `H5 找船联系意向：${notice.empty_port} ${notice.empty_from} 空船${body.content ? `。留言：${body.content}` : ""}`.slice(0, 500),
          result: "INTERESTED",
          next_follow_at: null,
          operator_name: "H5 访客",
          created_at: at,
          created_by: null,
          updated_by: null,
          updated_at: at,
          deleted_at: null,
        })
        .execute();
      await trx.updateTable("ship_availabilities").set({ call_count: sql`call_count + 1` }).where("id", "=", notice.id).execute();
    });
    return ok({ contactName: notice.contact_name, contactMobile: notice.contact_mobile });
  });

  /** 选船: the supply the link is for and the ships that fit it (open notices with enough load). */
  app.get("/public/select-ship", async (request) => {
    await limit(request);
    const { t } = parse(z.object({ t: selectShipBody.shape.t }), request.query);
    const platformId = platformOf(request);
    const { supply, expiresAt } = await supplyOfTicket(ctx, t, platformId);
    const remaining = remainingOf(supply);
    // A ship fits when it can take a tenth of what remains (several ships may share a supply) [choice].
    const candidates = await publicAvailabilities(ctx.db.kysely, platformId, { minLoadKg: remaining ? Math.floor(remaining / 10) : undefined });
    const view: SelectShipView = {
      supply: { supplyNo: supply.supply_no, cargoName: supply.cargo_name, route: `${supply.loading_place} → ${supply.unloading_place}`, remainingKg: remaining, loadingFrom: supply.loading_from, loadingTo: supply.loading_to },
      expiresAt,
      candidates,
    };
    return ok(view);
  });

  /** 选船: a verified visitor picks a ship for the supply; the supply's organisation is told. */
  app.post("/public/select-ship", async (request) => {
    await limit(request);
    const body = parse(selectShipBody, request.body);
    const platformId = platformOf(request);
    const { supply } = await supplyOfTicket(ctx, body.t, platformId);
    const [card] = await publicAvailabilities(ctx.db.kysely, platformId, { ids: [body.availabilityId] }, 1);
    if (!card) throw notFound("该船舶已不可选，请选择其他船舶");
    if (supply.org_id == null || supply.tenant_id == null) throw new Refusal(RefusalCode.illegalState, "货源缺少所属企业，不能选船");
    const existing = await ctx.db.kysely.selectFrom("ship_inquiries").select("inquiry_no").where("supply_id", "=", supply.id).where("availability_id", "=", card.id).where("visitor_mobile", "=", body.mobile).executeTakeFirst();
    if (existing) return ok({ inquiryNo: existing.inquiry_no, repeated: true });
    await requireSmsCode(ctx, { mobile: body.mobile, purpose: "FIND_SHIP", code: body.smsCode });
    const at = nowIso();
    const inquiryNo = await ctx.db.kysely.transaction().execute(async (trx) => {
      const no = await nextSerial(trx, "XC");
      const inquiry = await trx
        .insertInto("ship_inquiries")
        .values({ platform_id: platformId, tenant_id: Number(supply.tenant_id), org_id: Number(supply.org_id), inquiry_no: no, supply_id: supply.id, ship_id: card.shipId, availability_id: card.id, visitor_mobile: body.mobile, visitor_name: body.name, status: "SUBMITTED", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const mmsi = await trx.selectFrom("freight_ships").select("mmsi").where("id", "=", card.shipId).executeTakeFirst();
      await trx
        .insertInto("ship_communications")
        .values({ platform_id: platformId, tenant_id: supply.tenant_id, org_id: supply.org_id, owner_user_id: null, ship_id: card.shipId, ship_name: card.shipName, mmsi: mmsi?.mmsi ?? null, contact_name: body.name, contact_mobile: body.mobile, channel: "H5", availability_id: card.id, inquiry_id: Number(inquiry.id), content: `H5 选船意向 ${no}：货源 ${supply.supply_no} 选择 ${card.shipName}（${card.emptyPort}，可载 ${tonnesPlain(card.availableLoadKg)} 吨）`, result: "INTERESTED", next_follow_at: null, operator_name: "H5 访客", created_at: at, created_by: null, updated_by: null, updated_at: at, deleted_at: null })
        .execute();
      return no;
    });
    const users = await ctx.db.kysely.selectFrom("users").select("id").where("org_id", "=", Number(supply.org_id)).where("status", "=", "ACTIVE").execute();
    await notifyUsers(ctx, users.map((u) => Number(u.id)), { content: `货源 ${supply.supply_no} 收到选船意向 ${inquiryNo}：${body.name} 选择了 ${card.shipName}，请在沟通记录中跟进。`, targetType: "SOURCE_GOODS_LIST", targetId: supply.id, tags: ["supply"] }).catch((error: unknown) =>
      ctx.log.error({ err: error, inquiryNo }, "select-ship notification failed"),
    );
    return ok({ inquiryNo, repeated: false });
  });
}
