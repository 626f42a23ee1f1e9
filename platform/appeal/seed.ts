/**
 * Demo risk appeals on the demo organisation's abnormal waybills, so each appeal page shows something
 * on a fresh start: pending ones (one by the INDIVIDUAL_USER driver when he has an abnormal waybill),
 * an approved one (its waybill is no longer abnormal), a rejected one, and a rejected one followed by
 * a new pending one. At least three abnormal waybills keep no appeal, so a user can submit one; another
 * organisation has one pending appeal, so scoping shows.
 */
import type { Insertable, Transaction } from "kysely";
import type { AppealStatus } from "../../contract/appeal.js";
import type { FreightAction } from "../../contract/freight.js";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import type { SeedIds } from "../db/seed.js";
import type { FreightRow } from "../freight/records.js";
import { chinaCompactDate } from "../../contract/units.js";
import type { RiskAppealsTable } from "./schema.js";

type Trx = Transaction<Database>;
interface Person {
  userId: number;
  name: string;
}
interface Decision {
  status: Exclude<AppealStatus, "PENDING">;
  remark: string;
}
interface DemoAppeal {
  reason: string;
  /** The waybill's appeals, oldest first: how each was decided, null for one still pending (only the last). */
  decisions: Array<Decision | null>;
  submitter?: Person;
}

const HOUR = 3600_000;
/** Abnormal waybills of the demo organisation that keep no appeal. */
const KEEP_UNAPPEALED = 3;

const REASONS = [
  "卸货时粮库地磅刚完成检修，复磅结果与装货磅单相差在合理范围内，附复磅单据，申请解除风险标记。",
  "运输途中遇雨，篷布完好，货物含水率下降导致自然减重，附质检报告与途中照片，请予核实。",
  "装货磅单录入有误，实际装货重量以发货单为准，附发货单与收货方签字确认单。",
  "卸货库点扣除杂质后出具的卸货重量偏低，扣杂单据已附上，实际货物无短少。",
];
const APPROVE = "复磅单据与质检报告齐全，损耗原因合理，同意解除风险标记。";
const REJECT = "所附复磅单据未加盖粮库公章，无法核实，请补充盖章单据后重新申诉。";

export async function seedAppeals(db: Db, ids: SeedIds): Promise<void> {
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    const users = await trx.selectFrom("users").select(["id", "name", "type"]).where("id", "in", Object.values(ids.userIds)).execute();
    const person = (type: string): Person => {
      const user = users.find((u) => u.type === type)!;
      return { userId: Number(user.id), name: user.name };
    };
    const [org, other] = ids.orgIds;
    const abnormal = (orgId: number) =>
      trx.selectFrom("freights").selectAll().where("org_id", "=", orgId).where("abnormal", "=", 1).orderBy("updated_at", "desc").orderBy("id").execute();
    const planned: Planned[] = [];
    const plan = (freight: FreightRow, appeal: DemoAppeal) => planned.push(...planAppeals(freight, appeal, person("TENANT_USER"), now));

    const mine = await abnormal(org!);
    const individual = person("INDIVIDUAL_USER");
    const ownIndex = mine.findIndex((f) => Number(f.carrier_user_id) === individual.userId);
    const others = mine.filter((_, i) => i !== ownIndex);
    const demo: DemoAppeal[] = [
      { reason: REASONS[0]!, decisions: [null] },
      { reason: REASONS[1]!, decisions: [{ status: "APPROVED", remark: APPROVE }] },
      { reason: REASONS[2]!, decisions: [{ status: "REJECTED", remark: REJECT }] },
      { reason: REASONS[3]!, decisions: [{ status: "REJECTED", remark: REJECT }, null] },
    ];
    const usable = Math.max(0, others.length - KEEP_UNAPPEALED);
    for (const [i, appeal] of demo.slice(0, usable).entries()) plan(others[i]!, { ...appeal, submitter: person("ORG_USER") });
    if (ownIndex >= 0 && usable > demo.length) plan(mine[ownIndex]!, { reason: REASONS[1]!, decisions: [null], submitter: individual });

    // Another organisation of the tenant: the platform filed one on its behalf.
    const theirs = other === undefined ? [] : await abnormal(other);
    if (theirs.length > KEEP_UNAPPEALED) plan(theirs[0]!, { reason: REASONS[0]!, decisions: [null], submitter: person("SYSTEM_USER") });

    await insertPlanned(trx, planned);
  });
}

/** One appeal to insert, before it has its number. */
interface Planned {
  row: Omit<Insertable<RiskAppealsTable>, "appeal_no">;
  freight: FreightRow;
  submitter: Person;
  auditor: Person;
}

const iso = (t: number, now: number) => new Date(Math.min(t, now)).toISOString();

/** One waybill's appeals, one after another after its last step. */
function planAppeals(freight: FreightRow, appeal: DemoAppeal, auditor: Person, now: number): Planned[] {
  const submitter = appeal.submitter!;
  const last = Date.parse(freight.updated_at);
  let at = Math.max(last, Math.min(now - (appeal.decisions.length * 24 + 2) * HOUR, last + 3 * HOUR));
  return appeal.decisions.map((decision) => {
    const auditedAt = at + 20 * HOUR;
    const row: Planned["row"] = {
      platform_id: freight.platform_id,
      tenant_id: freight.tenant_id,
      org_id: freight.org_id,
      freight_id: freight.id,
      freight_no: freight.freight_no,
      freight_way: freight.freight_way,
      carrier_user_id: freight.carrier_user_id,
      risk_reason: freight.abnormal_reason ?? "风险运单",
      reason: appeal.reason,
      evidence: JSON.stringify([`/files/appeals/${freight.freight_no}-1.jpg`, `/files/weigh-tickets/${freight.freight_no}-unload.jpg`]),
      status: decision?.status ?? "PENDING",
      submitted_by: submitter.userId,
      submitted_by_name: submitter.name,
      submitted_at: iso(at, now),
      audited_by: decision ? auditor.userId : null,
      audited_by_name: decision ? auditor.name : null,
      audited_at: decision ? iso(auditedAt, now) : null,
      audit_remark: decision?.remark ?? null,
      created_at: iso(at, now),
      created_by: submitter.userId,
      updated_at: decision ? iso(auditedAt, now) : iso(at, now),
      updated_by: decision ? auditor.userId : submitter.userId,
    };
    at = auditedAt + 4 * HOUR;
    return { row, freight, submitter, auditor };
  });
}

/** Numbers the appeals in the order they were submitted (SS + China date + serial) and writes them with their event rows. */
async function insertPlanned(trx: Trx, planned: Planned[]): Promise<void> {
  const serials = new Map<string, number>();
  planned.sort((a, b) => a.row.submitted_at.localeCompare(b.row.submitted_at));
  for (const { row, freight, submitter, auditor } of planned) {
    const day = chinaCompactDate(row.submitted_at);
    const serial = (serials.get(day) ?? 0) + 1;
    serials.set(day, serial);
    const appealNo = `SS${day}${String(serial).padStart(4, "0")}`;
    await trx.insertInto("risk_appeals").values({ ...row, appeal_no: appealNo }).execute();
    const event = (action: FreightAction, who: Person, at: string, remark: string) =>
      trx
        .insertInto("freight_events")
        .values({ freight_id: freight.id, action, from_status: freight.status, to_status: freight.status, operator_user_id: who.userId, operator_name: who.name, remark, created_at: at })
        .execute();
    await event("APPEAL_SUBMIT", submitter, row.submitted_at, `申诉单 ${appealNo}：${row.reason}`);
    if (row.status === "PENDING") continue;
    const approved = row.status === "APPROVED";
    const result = approved ? `申诉单 ${appealNo} 已通过，风险标记已解除` : `申诉单 ${appealNo} 已驳回`;
    await event(approved ? "APPEAL_APPROVE" : "APPEAL_REJECT", auditor, row.audited_at!, `${result}；审核意见：${row.audit_remark}`);
    if (approved) await trx.updateTable("freights").set({ abnormal: 0, abnormal_reason: null, updated_at: row.audited_at! }).where("id", "=", freight.id).execute();
  }
}
