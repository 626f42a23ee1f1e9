/**
 * Demo enterprises and registration invitations. The three demo organisations get approved profiles
 * (their credit codes replaced by valid GB 32100 codes, mirrored into organisations); four more
 * enterprises of the demo tenant are pending, rejected and disabled, each with its 管理员 account
 * (password Demo@2026). Invitations cover every status; the expiry sweep at the end turns the
 * overdue one into 已过期 as the running platform's job would.
 */
import { creditCodeWithCheck } from "../../contract/validation.js";
import { invitation, type INVITE_CHANNELS, type INVITE_ROLES, type INVITE_STATES } from "../../contract/resources/invitation.js";
import { enterprise } from "../../contract/resources/enterprise.js";
import { chinaCompactDate, chinaDate } from "../../contract/units.js";
import { idCardWithCheck } from "../../contract/validation.js";
import type { Db } from "../db/index.js";
import { DEMO_PASSWORD, type SeedIds } from "../db/seed.js";
import type { AnyDb, Row } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import { nextSerial } from "../resources/write.js";
import { createEnterpriseAdmin } from "./enterprise.resource.js";
import { expireOverdueInvitations } from "./invitation.resource.js";
import { inviteCodeHash, maskInviteCode } from "./invite-codes.js";

const DAY_MS = 24 * 3600_000;

/** Records an event as the engine would, dated when it happened (the engine stamps the current time). */
async function eventAt(trx: AnyDb, at: string, scope: Parameters<typeof recordResourceEvent>[1], resource: string, row: Row, event: Parameters<typeof recordResourceEvent>[4]): Promise<void> {
  await recordResourceEvent(trx, scope, resource, row, event);
  const last = await trx.selectFrom("resource_events").select((eb) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow();
  await trx.updateTable("resource_events").set({ created_at: at }).where("id", "=", last.id).execute();
}

interface DemoEnterprise {
  name: string;
  shortName: string;
  code17: string;
  kind: "SHIPPER" | "CARRIER" | "LOGISTICS";
  mode: "SELF_OPERATED" | "MATCHMAKING";
  region: string;
  address: string;
  legal: [name: string, id17: string];
  contact: [name: string, phone: string];
  admin: [name: string, mobile: string] | null;
  scope: string;
  roadPermit?: string;
  waterPermit?: string;
  status: "APPROVED" | "PENDING" | "REJECTED";
  enabled?: "DISABLED";
  auditRemark?: string;
  daysAgo: number;
}

/** The demo organisations in seed order, then the new ones. */
const EXISTING: DemoEnterprise[] = [
  { name: "蚌埠粮食运输有限公司", shortName: "蚌埠粮运", code17: "91340300MA2NB7K4Q", kind: "CARRIER", mode: "SELF_OPERATED", region: "340300", address: "安徽省蚌埠市龙子湖区东海大道 2866 号", legal: ["孙建国", "34030219750312351"], contact: ["李调度", "0552-3125678"], admin: null, scope: "普通货运；道路货物运输；粮食收购、仓储", roadPermit: "皖交运管许可蚌字340300012345号", status: "APPROVED", daysAgo: 120 },
  { name: "芜湖江海航运有限公司", shortName: "江海航运", code17: "91340200MA2RTH8W3", kind: "CARRIER", mode: "SELF_OPERATED", region: "340200", address: "安徽省芜湖市镜湖区滨江北路 58 号", legal: ["钱海涛", "34020219800821451"], contact: ["陈海峰", "0553-3876543"], admin: ["陈海峰", "13955300021"], scope: "国内沿海及长江中下游普通货船运输；货物装卸", waterPermit: "交皖XK0123", status: "APPROVED", daysAgo: 110 },
  { name: "合肥恒通物流有限公司", shortName: "恒通物流", code17: "91340100MA2TQ6L5P", kind: "LOGISTICS", mode: "MATCHMAKING", region: "340100", address: "安徽省合肥市包河区繁华大道 1888 号", legal: ["吴恒通", "34010419781105273"], contact: ["刘恒", "13955300031"], admin: ["刘恒", "13955300031"], scope: "道路普通货物运输；网络货运；仓储服务（除危险品）", roadPermit: "皖交运管许可合字340100067890号", status: "APPROVED", daysAgo: 100 },
];

const MORE: DemoEnterprise[] = [
  { name: "安徽丰穗粮油贸易有限公司", shortName: "丰穗粮油", code17: "91340100MA8P4CX2N", kind: "SHIPPER", mode: "SELF_OPERATED", region: "340100", address: "安徽省合肥市蜀山区长江西路 669 号", legal: ["郑丰穗", "34010319820417162"], contact: ["郑晓", "13955300041"], admin: ["郑晓", "13955300041"], scope: "粮食收购；食用油批发；农副产品销售", status: "PENDING", daysAgo: 3 },
  { name: "江苏淮安润禾粮食购销有限公司", shortName: "润禾粮食", code17: "91320800MA1Y7RK3D", kind: "SHIPPER", mode: "MATCHMAKING", region: "320800", address: "江苏省淮安市清江浦区淮海南路 88 号", legal: ["黄润禾", "32080219790926331"], contact: ["黄润", "0517-83456789"], admin: ["黄润", "13955300051"], scope: "粮食收购、销售；饲料原料销售", status: "PENDING", daysAgo: 1 },
  { name: "滁州通达货运有限公司", shortName: "通达货运", code17: "91341100MA2W9JB6H", kind: "CARRIER", mode: "SELF_OPERATED", region: "341100", address: "安徽省滁州市琅琊区丰乐大道 1200 号", legal: ["冯通达", "34110219850118451"], contact: ["冯达", "13955300061"], admin: ["冯达", "13955300061"], scope: "道路普通货物运输", roadPermit: "皖交运管许可滁字341100004321号", status: "REJECTED", auditRemark: "营业执照照片模糊，经营范围与道路运输经营许可证不一致，请重新上传", daysAgo: 8 },
  { name: "马鞍山长江物流有限公司", shortName: "长江物流", code17: "91340500MA2UE3F8K", kind: "LOGISTICS", mode: "SELF_OPERATED", region: "340500", address: "安徽省马鞍山市雨山区湖南西路 399 号", legal: ["褚长江", "34050419761230211"], contact: ["褚江", "0555-2456789"], admin: ["褚江", "13955300071"], scope: "道路普通货物运输；港口货物装卸；仓储", roadPermit: "皖交运管许可马字340500009876号", status: "APPROVED", enabled: "DISABLED", daysAgo: 60 },
];

/** `hours` after an ISO time. */
const later = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3600_000).toISOString();

export async function seedEnterprises(db: Db, ids: SeedIds): Promise<void> {
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    const system = { userId: ids.userIds.SYSTEM_USER, name: "平台管理员", platformId: "A" };
    const tenantOps = { userId: ids.userIds.TENANT_USER, name: "王运营", platformId: "A" };
    const orgUser = await trx.selectFrom("users").select(["id", "name", "mobile"]).where("id", "=", ids.userIds.ORG_USER).executeTakeFirstOrThrow();

    const all: Array<[DemoEnterprise, number | null]> = [...EXISTING.map((e, i): [DemoEnterprise, number | null] => [e, ids.orgIds[i] ?? null]), ...MORE.map((e): [DemoEnterprise, number | null] => [e, null])];
    const enterpriseIds: number[] = [];
    for (const [e, existing] of all) {
      const at = new Date(now - e.daysAgo * DAY_MS).toISOString();
      const creditCode = creditCodeWithCheck(e.code17);
      let orgId: number;
      if (existing !== null) {
        orgId = existing;
        await trx.updateTable("organisations").set({ name: e.name, credit_code: creditCode }).where("id", "=", orgId).execute();
      } else {
        const org = await trx.insertInto("organisations").values({ platform_id: "A", tenant_id: ids.tenantId, name: e.name, credit_code: creditCode }).returning("id").executeTakeFirstOrThrow();
        orgId = Number(org.id);
      }
      const admin = e.admin
        ? { userId: (await createEnterpriseAdmin(trx, { platformId: "A", tenantId: ids.tenantId, orgId, name: e.admin[0], mobile: e.admin[1], password: DEMO_PASSWORD })).userId, name: e.admin[0], mobile: e.admin[1] }
        : { userId: Number(orgUser.id), name: orgUser.name, mobile: orgUser.mobile };
      if (e.enabled === "DISABLED") await trx.updateTable("users").set({ status: "ORG_DISABLED" }).where("org_id", "=", orgId).execute();
      const row = await trx
        .insertInto("enterprise_profiles")
        .values({
          id: orgId,
          platform_id: "A",
          tenant_id: ids.tenantId,
          org_id: orgId,
          owner_user_id: null,
          kind: e.kind,
          short_name: e.shortName,
          name: e.name,
          credit_code: creditCode,
          legal_person: e.legal[0],
          legal_person_id_no: idCardWithCheck(e.legal[1]),
          registered_address: e.address,
          region_code: e.region,
          contact_name: e.contact[0],
          contact_mobile: e.contact[1],
          business_scope: e.scope,
          road_permit_no: e.roadPermit ?? null,
          water_permit_no: e.waterPermit ?? null,
          admin_user_id: admin.userId,
          admin_name: admin.name,
          admin_mobile: admin.mobile,
          business_mode: e.mode,
          remark: null,
          audit_status: e.status,
          audit_remark: e.auditRemark ?? null,
          enabled: e.enabled ?? "ENABLED",
          created_at: at,
          created_by: system.userId,
          updated_at: at,
          updated_by: system.userId,
          version: e.status === "PENDING" ? 0 : 1,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      enterpriseIds.push(orgId);
      const creator = existing === null && e.daysAgo < 5 ? tenantOps : system;
      await eventAt(trx, at, creator, enterprise.key, row as unknown as Row, { action: "CREATE", label: "新增", to: "PENDING" });
      if (e.status === "APPROVED") await eventAt(trx, later(at, 5), tenantOps, enterprise.key, row as unknown as Row, { action: "APPROVE", label: "通过", from: "PENDING", to: "APPROVED", remark: "证照齐全，信息一致" });
      if (e.status === "REJECTED") await eventAt(trx, later(at, 20), tenantOps, enterprise.key, row as unknown as Row, { action: "REJECT", label: "驳回", from: "PENDING", to: "REJECTED", remark: e.auditRemark });
      if (e.enabled === "DISABLED") await eventAt(trx, later(at, 24 * 20), system, enterprise.key, row as unknown as Row, { action: "DISABLE", label: "停用", from: "ENABLED", to: "DISABLED" });
    }

    // Invitations: [name, mobile, role, channel, status, days ago, organisation index, by system?]
    const invites: Array<[string, string, keyof typeof INVITE_ROLES, keyof typeof INVITE_CHANNELS, keyof typeof INVITE_STATES, number, number | null, boolean]> = [
      ["赵德胜", "13966100101", "DRIVER", "SMS", "SENT", 0, 0, false],
      ["钱小满", "13966100102", "DRIVER", "WECHAT", "SENT", 2, 0, false],
      ["孙长河", "13966100103", "CAPTAIN", "SMS", "SENT", 5, 1, false],
      ["周立新", "13966100104", "FLEET_LEADER", "LINK", "REGISTERED", 4, 2, false],
      ["吴家宝", "13966100105", "SHIPOWNER", "QR", "REGISTERED", 6, 1, true],
      ["张师傅", "13800000004", "DRIVER", "SMS", "CERTIFIED", 40, 0, false],
      ["郑国强", "13966100107", "DRIVER", "SMS", "CERTIFIED", 20, 2, true],
      ["王海生", "13966100108", "CAPTAIN", "WECHAT", "SENT", 12, 1, false],
      ["冯小东", "13966100109", "ORG_ADMIN", "SMS", "REVOKED", 3, null, true],
      ["陈国梁", "13966100110", "DRIVER", "SMS", "SENT", 9, 2, true],
    ];
    // The demo's codes, known from this file so a demo can accept an invitation; the rows keep only their hashes.
    const codes = ["K7M2QX8R", "P3WN9YTA", "H8B4ZC2E", "R5GT7LUJ", "M2XF6VDN", "Q9AS3KEW", "T4YH8NBC", "W6DJ2RPM", "E3LC5GZK", "U8NV4HTF"];
    const individual = await trx.selectFrom("users").select("id").where("id", "=", ids.userIds.INDIVIDUAL_USER).executeTakeFirst();
    let pastSerial = 900;
    for (const [i, [name, mobile, role, channel, status, daysAgo, orgIndex, bySystem]] of invites.entries()) {
      const created = now - daysAgo * DAY_MS - (i + 1) * 3600_000 * 0.5;
      const at = new Date(created).toISOString();
      const day = chinaCompactDate(created);
      const inviteNo = day === chinaCompactDate(now) ? await nextSerial(trx, "YQ") : `YQ${day}${String((pastSerial += 1)).padStart(6, "0")}`;
      const inviter = bySystem ? system : tenantOps;
      const registered = status === "REGISTERED" || status === "CERTIFIED" ? new Date(created + 26 * 3600_000).toISOString() : null;
      const resentToday = i === 0;
      const row = await trx
        .insertInto("registration_invitations")
        .values({
          platform_id: "A",
          tenant_id: orgIndex === null && bySystem ? null : ids.tenantId,
          org_id: orgIndex === null ? null : (enterpriseIds[orgIndex] ?? null),
          owner_user_id: null,
          invite_no: inviteNo,
          invitee_mobile: mobile,
          invitee_name: name,
          role,
          invite_code_hash: inviteCodeHash("A", codes[i]!),
          invite_code: maskInviteCode(codes[i]!),
          channel,
          inviter_user_id: inviter.userId,
          inviter_name: inviter.name,
          expires_at: new Date(created + 7 * DAY_MS).toISOString(),
          status,
          registered_user_id: status === "CERTIFIED" && mobile === "13800000004" && individual ? Number(individual.id) : null,
          registered_at: registered,
          certified_at: status === "CERTIFIED" ? new Date(created + 3 * DAY_MS).toISOString() : null,
          send_count_day: resentToday ? 2 : 1,
          last_sent_day: chinaDate(created),
          created_at: at,
          created_by: inviter.userId,
          updated_at: at,
          updated_by: inviter.userId,
          version: 0,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await eventAt(trx, at, inviter, invitation.key, row as unknown as Row, { action: "CREATE", label: "新增", to: "SENT" });
      if (resentToday) await eventAt(trx, later(at, 0.25), inviter, invitation.key, row as unknown as Row, { action: "RESEND", label: "重发", from: "SENT", to: "SENT" });
      if (status === "REVOKED") await eventAt(trx, later(at, 2), inviter, invitation.key, row as unknown as Row, { action: "REVOKE", label: "撤回", from: "SENT", to: "REVOKED" });
    }
    await expireOverdueInvitations(trx);
  });
}
