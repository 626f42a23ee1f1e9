/**
 * 开票须上报成功 (domain 0.5 rule 5 and 5.7, enterprise config `invoice_requires_report`, default on): a
 * waybill may go into an invoice (自营 billing or 撮合) only when its current 电子运单 and a 资金流水单 are
 * 上报成功 at its way's gating target (`INVOICE_GATE_TARGETS`). The rule is written once, as the SQL
 * predicate `reportedForInvoice`; lists filter and mark rows with it, applications re-check it inside
 * their transaction and refuse with `reportRefusal`, which names the waybills and what each one lacks.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { INVOICE_GATE_TARGETS, REPORT_STATUSES, WAY_MESSAGES, type MessageType, type ReportStatus } from "../../contract/submission.js";
import type { Database } from "../db/schema.js";
import { Refusal } from "../http/envelope.js";
import type { AnyDb } from "../resources/bind.js";

const GATE_TARGETS = [...new Set(Object.values(INVOICE_GATE_TARGETS))];
const WAYBILL_TYPES: MessageType[] = [WAY_MESSAGES.ROAD.waybill, WAY_MESSAGES.WATER.waybill];
const CAPITAL_TYPES: MessageType[] = [WAY_MESSAGES.ROAD.capital, WAY_MESSAGES.WATER.capital];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/**
 * True for a waybill (`alias` of `freights`) that may be invoiced as far as reporting goes: its
 * organisation switched the rule off, or both of its messages are 上报成功 at the gating target.
 */
export function reportedForInvoice(eb: AnyEb, alias = "f"): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, never>;
  const succeeded = (types: MessageType[]) =>
    e.exists(
      e
        .selectFrom("report_records as rg")
        .select("rg.id")
        .where("rg.freight_id", "=", sql.ref<number>(`${alias}.id`))
        .where("rg.target", "in", GATE_TARGETS)
        .where("rg.message_type", "in", types)
        .where("rg.superseded_by", "is", null)
        .where("rg.status", "=", "SUCCESS"),
    );
  const switchedOff = e.exists(
    e
      .selectFrom("enterprise_configs as cg")
      .select("cg.id")
      .where("cg.org_id", "=", sql.ref<number>(`${alias}.org_id`))
      .where("cg.invoice_requires_report", "=", 0)
      .where("cg.deleted_at", "is", null),
  );
  return e.or([switchedOff, e.and([succeeded(WAYBILL_TYPES), succeeded(CAPITAL_TYPES)])]);
}

/** What each waybill lacks, e.g. “电子运单上报失败、资金流水单未生成” (for waybills that fail the predicate). */
export async function reportGaps(db: AnyDb, freightIds: number[]): Promise<Map<number, string>> {
  const gaps = new Map<number, string>();
  if (freightIds.length === 0) return gaps;
  const records = await db
    .selectFrom("report_records")
    .select(["freight_id", "message_type", "status"])
    .where("freight_id", "in", freightIds)
    .where("target", "in", GATE_TARGETS)
    .where("message_type", "in", [...WAYBILL_TYPES, ...CAPITAL_TYPES])
    .where("superseded_by", "is", null)
    .orderBy("id", "desc")
    .execute();
  const stateOf = (freightId: number, types: MessageType[]): string => {
    const mine = records.filter((r) => Number(r.freight_id) === freightId && types.includes(r.message_type as MessageType));
    if (mine.length === 0) return "未生成";
    if (mine.some((r) => r.status === "SUCCESS")) return "";
    return REPORT_STATUSES[mine[0]!.status as ReportStatus]?.label ?? mine[0]!.status;
  };
  for (const id of freightIds) {
    const parts = [["电子运单", stateOf(id, WAYBILL_TYPES)], ["资金流水单", stateOf(id, CAPITAL_TYPES)]].filter(([, state]) => state).map(([label, state]) => `${label}${state}`);
    gaps.set(id, parts.join("、") || "上报未成功");
  }
  return gaps;
}

/**
 * Inside an application's transaction: refuses (4010) when any of the waybills fails the rule, naming
 * them (the first ten and the count) and what each one lacks.
 */
export async function requireReported(db: AnyDb, freightIds: number[]): Promise<void> {
  if (freightIds.length === 0) return;
  const blocked = await db
    .selectFrom("freights as f")
    .select(["f.id", "f.freight_no"])
    .where("f.id", "in", freightIds)
    .where((eb) => eb.not(reportedForInvoice(eb)))
    .orderBy("f.id")
    .execute();
  if (blocked.length === 0) return;
  const gaps = await reportGaps(db, blocked.map((b) => Number(b.id)));
  const named = blocked.slice(0, 10).map((b) => `${b.freight_no}（${gaps.get(Number(b.id))}）`).join("、");
  const more = blocked.length > 10 ? ` 等 ${blocked.length} 个运单` : "";
  throw new Refusal(RefusalCode.prerequisite, `运单 ${named}${more} 尚未上报监测平台成功，不能开票（企业配置“开票须上报成功”已开启）。请先在数据报送中完成上报`);
}
