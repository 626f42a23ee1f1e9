/**
 * Bindings of 找船 (domain 7.4, 7.5). The directory (approved wharves and published availabilities) is
 * read platform-wide; what an organisation submits stays its own until approved; fines and their log
 * are the organisation's own.
 */
import { sql, type SqlBool } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import {
  FINE_TRANSITION_ACTIONS,
  SHIP_AVAILABILITY_MAX_DAYS,
  shipAvailability,
  shipCommunication,
  shipFine,
  shipFineLog,
  shipInfoSubmission,
  wharf,
  type FineAction,
} from "../../contract/resources/findship.js";
import { NAV_AREAS } from "../../contract/resources/ship.js";
import { tonnesPlain, yuanPlain } from "../../contract/numbers.js";
import { nowIso } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, ownerWrites, type AnyDb, type ScopeRule } from "../resources/bind.js";
import { isStaff, isTenantStaff, rowsFor, type CallerScope } from "../scope.js";

const invalid = (message: string) => new Refusal(RefusalCode.invalid, message);
const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);
const navAreaLabel = (code: string | null) => (code ? (NAV_AREAS[code as keyof typeof NAV_AREAS]?.label ?? code) : "无");

/**
 * 码头: every approved wharf of the platform, plus what the caller may work on: the platform's staff every
 * wharf (a tenant's staff those of its tenant or the platform's own), an organisation its submissions,
 * an individual theirs.
 */
const wharfScope: ScopeRule = (scope, alias) => {
  const mine = rowsFor(scope, alias, { platform: null });
  // A tenant's staff also work on the platform's own wharves (no tenant).
  const platformOwn = isTenantStaff(scope) && scope.tenantId !== null ? sql` or ${col(alias, "tenant_id")} is null` : sql``;
  const approved = sql`${col(alias, "audit_status")} = 'APPROVED'`;
  return sql<SqlBool>`(${col(alias, "platform_id")} = ${scope.platformId} and (${approved} or ${mine}${platformOwn}))`;
};

export const wharfBinding = bindResource(wharf, {
  table: "wharves",
  scope: wharfScope,
  // The directory is shared; a wharf is kept by whoever entered it (the platform's staff: all of them).
  writeScope: ownerWrites(),
  stamp: "platform",
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      // Staff enter the directory (平台录入, approved at once); everyone else submits for audit (用户提交).
      values.source = isStaff(scope) ? "PLATFORM" : "USER";
      values.audit_status = isStaff(scope) ? "APPROVED" : "PENDING";
      values.enabled = "ENABLED";
      if (!isStaff(scope)) values.tenant_id = scope.tenantId;
      await checkWharfName(trx, scope.platformId, String(values.port_name), String(values.name), null);
    },
    beforeUpdate: async (trx, scope, before, values) => {
      const merged = { ...before, ...values };
      await checkWharfName(trx, scope.platformId, String(merged.port_name), String(merged.name), Number(before.id));
    },
  },
});

/** 码头名称 is unique per port (domain 7.4). */
async function checkWharfName(trx: AnyDb, platformId: string, port: string, name: string, exceptId: number | null): Promise<void> {
  let same = trx.selectFrom("wharves").select("id").where("platform_id", "=", platformId).where("port_name", "=", port).where("name", "=", name).where("deleted_at", "is", null).where("audit_status", "!=", "REJECTED");
  if (exceptId !== null) same = same.where("id", "!=", exceptId);
  if (await same.executeTakeFirst()) throw new Refusal(RefusalCode.illegalState, `${port}已有码头「${name}」`);
}

/** 空船动态: the platform's published availabilities (approved submissions), for every caller of the platform. */
export const shipAvailabilityBinding = bindResource(shipAvailability, {
  table: "ship_availabilities",
  scope: (scope, alias) => sql<SqlBool>`${col(alias, "platform_id")} = ${scope.platformId}`,
  // Read by the whole platform; taken down only by the staff over its owner (the platform's, or its tenant's).
  writeScope: ownerWrites(),
  where: (alias) => sql<SqlBool>`${col(alias, "audit_status")} = 'APPROVED'`,
  labels: {
    emptyWharfName: { table: "wharves", via: "empty_wharf_id", column: "name" },
    shipRef: { table: "freight_ships", via: "ship_id", column: "ship_name" },
  },
});

// ---------------------------------------------------------------------------------------------
// 船舶信息审核

const AVAILABILITY_COLUMNS = ["empty_wharf_id", "empty_port", "empty_from", "empty_to", "to_ports", "available_load", "expected_price", "contact_name", "contact_mobile"] as const;
const CHANGE_COLUMNS = ["new_registry_port", "new_nav_area", "new_load_capacity"] as const;
const DAY_MS = 86_400_000;

type ShipRow = { id: number; ship_name: string; mmsi: string; ship_type: string; load_capacity: number; registry_port: string | null; nav_area: string | null; audit_status: string; enabled: string };

async function shipOf(trx: AnyDb, id: number): Promise<ShipRow> {
  const ship = (await trx
    .selectFrom("freight_ships")
    .select(["id", "ship_name", "mmsi", "ship_type", "load_capacity", "registry_port", "nav_area", "audit_status", "enabled"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst()) as ShipRow | undefined;
  if (!ship) throw invalid("船舶不存在或不可选");
  return ship;
}

/** An availability needs its place, dates (≤ 30 days), load within the deadweight and a contact; the ship must be certified. */
function checkAvailability(ship: ShipRow, v: Record<string, unknown>): void {
  const missing = [["empty_port", "空船地点"], ["empty_from", "空船开始"], ["empty_to", "空船结束"], ["available_load", "可载重量"], ["contact_name", "联系人"], ["contact_mobile", "联系电话"]].find(([c]) => v[c!] == null || v[c!] === "");
  if (missing) throw invalid(`空船发布须填写${missing[1]}`);
  if (ship.audit_status !== "APPROVED" || ship.enabled !== "ENABLED") throw new Refusal(RefusalCode.prerequisite, `船舶 ${ship.ship_name} 未认证或已停用，不能发布空船`);
  const from = Date.parse(String(v.empty_from));
  const to = Date.parse(String(v.empty_to));
  if (to < from) throw invalid("空船结束日期不能早于开始日期");
  if ((to - from) / DAY_MS > SHIP_AVAILABILITY_MAX_DAYS) throw invalid(`空船时间最长 ${SHIP_AVAILABILITY_MAX_DAYS} 天`);
  if (Number(v.available_load) > Number(ship.load_capacity)) throw invalid(`可载重量不能超过该船载重吨 ${tonnesPlain(Number(ship.load_capacity))} 吨`);
}

/** What a change asks, as 当前 → 申请 (the audit's diff); refused when nothing would change. */
function changeSummary(ship: ShipRow, v: Record<string, unknown>): string {
  const parts: string[] = [];
  if (v.new_registry_port != null && v.new_registry_port !== ship.registry_port) parts.push(`船籍港 ${ship.registry_port ?? "无"} → ${String(v.new_registry_port)}`);
  if (v.new_nav_area != null && v.new_nav_area !== ship.nav_area) parts.push(`航区 ${navAreaLabel(ship.nav_area)} → ${navAreaLabel(String(v.new_nav_area))}`);
  if (v.new_load_capacity != null && Number(v.new_load_capacity) !== Number(ship.load_capacity)) parts.push(`载重吨 ${tonnesPlain(Number(ship.load_capacity))} → ${tonnesPlain(Number(v.new_load_capacity))} 吨`);
  if (!parts.length) throw invalid("修改船舶信息须至少填写一项与当前不同的新值（船籍港、航区或载重吨）");
  return parts.join("；");
}

export const shipInfoSubmissionBinding = bindResource(shipInfoSubmission, {
  table: "ship_info_submissions",
  scope: orgScope(),
  number: { field: "submissionNo", prefix: "CB" },
  labels: { shipName: { table: "freight_ships", via: "ship_id", column: "ship_name" }, emptyWharfName: { table: "wharves", via: "empty_wharf_id", column: "name" } },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      const ship = await shipOf(trx, Number(values.ship_id));
      values.submitter_name = scope.name.slice(0, 32);
      if (values.kind === "AVAILABILITY") {
        for (const c of CHANGE_COLUMNS) values[c] = null;
        checkAvailability(ship, values);
        values.change_summary = `${String(values.empty_port)} ${String(values.empty_from)} 至 ${String(values.empty_to)} 空船，可载 ${tonnesPlain(Number(values.available_load))} 吨`;
      } else {
        for (const c of AVAILABILITY_COLUMNS) values[c] = null;
        values.change_summary = changeSummary(ship, values);
      }
    },
    onTransition: async (trx, scope, row, transition) => {
      if (transition !== "approve") return;
      const ship = await shipOf(trx, Number(row.ship_id));
      const at = nowIso();
      if (row.kind === "AVAILABILITY") {
        checkAvailability(ship, row);
        const published = await trx
          .insertInto("ship_availabilities")
          .values({
            platform_id: String(row.platform_id),
            tenant_id: row.tenant_id as number | null,
            org_id: row.org_id as number | null,
            owner_user_id: row.owner_user_id as number | null,
            ship_id: ship.id,
            ship_name: ship.ship_name,
            mmsi: ship.mmsi,
            ship_type: ship.ship_type,
            deadweight: Number(ship.load_capacity),
            ...Object.fromEntries(AVAILABILITY_COLUMNS.map((c) => [c, row[c] ?? null])),
            audit_status: "APPROVED",
            status: "OPEN",
            created_at: at,
            created_by: scope.userId,
            updated_by: scope.userId,
            updated_at: at,
            deleted_at: null,
          } as never)
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx.updateTable("ship_info_submissions").set({ availability_id: Number(published.id), applied_at: at }).where("id", "=", Number(row.id)).execute();
        return;
      }
      const changes: Record<string, unknown> = {};
      if (row.new_registry_port != null) changes.registry_port = row.new_registry_port;
      if (row.new_nav_area != null) changes.nav_area = row.new_nav_area;
      // 载重吨 is a key field (domain 0.4.4): the ship goes back to 待审核 for the regulatory audit.
      if (row.new_load_capacity != null && Number(row.new_load_capacity) !== Number(ship.load_capacity)) {
        changes.load_capacity = Number(row.new_load_capacity);
        changes.audit_status = "PENDING";
      }
      await trx.updateTable("freight_ships").set({ ...changes, updated_at: at, updated_by: scope.userId }).where("id", "=", ship.id).execute();
      await trx.updateTable("ship_info_submissions").set({ applied_at: at }).where("id", "=", Number(row.id)).execute();
    },
  },
});

// ---------------------------------------------------------------------------------------------
// 沟通记录

export const shipCommunicationBinding = bindResource(shipCommunication, {
  table: "ship_communications",
  scope: orgScope({ individual: null }),
  hooks: {
    beforeCreate: async (_trx, scope, values) => {
      values.operator_name = scope.name.slice(0, 32);
    },
  },
});

// ---------------------------------------------------------------------------------------------
// 自有船罚款

async function fineParties(trx: AnyDb, shipId: number, captainId: unknown): Promise<{ shipName: string; captainName: string | null }> {
  const ship = await trx.selectFrom("freight_ships").select(["ship_name", "self_owned"]).where("id", "=", shipId).executeTakeFirstOrThrow();
  if (Number(ship.self_owned) !== 1) throw new Refusal(RefusalCode.illegalState, `船舶 ${ship.ship_name} 不是自有船舶，不能开具罚款单`);
  const captain = captainId == null ? null : await trx.selectFrom("freight_captains").select("name").where("id", "=", Number(captainId)).executeTakeFirst();
  return { shipName: ship.ship_name, captainName: captain?.name ?? null };
}

/** One 操作日志 row, in the fine's own transaction. */
async function logFine(trx: AnyDb, scope: CallerScope, fine: Record<string, unknown>, action: FineAction, remark: string | null): Promise<void> {
  const { shipName, captainName } = await fineParties(trx, Number(fine.ship_id), fine.captain_id).catch(async () => {
    const ship = await trx.selectFrom("freight_ships").select("ship_name").where("id", "=", Number(fine.ship_id)).executeTakeFirstOrThrow();
    return { shipName: ship.ship_name, captainName: null };
  });
  const at = nowIso();
  await trx
    .insertInto("ship_fine_logs")
    .values({
      platform_id: String(fine.platform_id),
      tenant_id: fine.tenant_id as number | null,
      org_id: fine.org_id as number | null,
      owner_user_id: null,
      fine_no: String(fine.fine_no),
      ship_name: shipName,
      captain_name: captainName,
      action,
      amount: Number(fine.amount),
      operator_name: scope.name.slice(0, 32),
      remark: remark ? remark.slice(0, 500) : null,
      created_at: at,
      created_by: scope.userId,
      updated_by: scope.userId,
      updated_at: at,
      deleted_at: null,
    })
    .execute();
}

export const shipFineBinding = bindResource(shipFine, {
  table: "ship_fines",
  scope: orgScope({ individual: null }),
  water: true,
  number: { field: "fineNo", prefix: "FK" },
  labels: { shipName: { table: "freight_ships", via: "ship_id", column: "ship_name" }, captainName: { table: "freight_captains", via: "captain_id", column: "name" } },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      if (Number(values.amount) <= 0) throw invalid("金额必须大于 0");
      if (values.captain_id == null) {
        const ship = await trx.selectFrom("freight_ships").select("captain_id").where("id", "=", Number(values.ship_id)).executeTakeFirst();
        values.captain_id = ship?.captain_id ?? null;
      }
      await fineParties(trx, Number(values.ship_id), values.captain_id);
      await logFine(trx, scope, values, "CREATE", String(values.description ?? ""));
    },
    beforeUpdate: async (trx, scope, before, values) => {
      const after = { ...before, ...values };
      if (Number(after.amount) <= 0) throw invalid("金额必须大于 0");
      await fineParties(trx, Number(after.ship_id), after.captain_id);
      const changed = Number(before.amount) !== Number(after.amount) ? `金额 ${yuanPlain(Number(before.amount))} → ${yuanPlain(Number(after.amount))} 元` : "修改罚款单";
      await logFine(trx, scope, after, "EDIT", changed);
    },
    onTransition: async (trx, scope, row, transition, inputs) => {
      const action = FINE_TRANSITION_ACTIONS[transition];
      if (action) await logFine(trx, scope, row, action, typeof inputs.handleRemark === "string" ? inputs.handleRemark : null);
    },
  },
});

export const shipFineLogBinding = bindResource(shipFineLog, {
  table: "ship_fine_logs",
  scope: orgScope({ individual: null }),
  water: true,
});

export const FIND_SHIP_BINDINGS = [wharfBinding, shipAvailabilityBinding, shipInfoSubmissionBinding, shipCommunicationBinding, shipFineBinding, shipFineLogBinding];
