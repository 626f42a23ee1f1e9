/**
 * Risk appeals on the resource engine: what the generated resource tests skip because appeals are
 * not created through the generic create (kinds.write is empty). The engine columns exist and are
 * backfilled for the seeded appeals; the generic approve / reject routes do what the spec's audit does
 * (stamp the auditor, clear the waybill's flag on 通过, log it on the waybill); options and export
 * work in scope; update, delete and the engine's create are refused with 4003.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppealRecord } from "../../contract/appeal.js";
import type { FreightRecord } from "../../contract/freight.js";
import { appealBinding } from "../../platform/appeal/appeal.resource.js";
import { createResource } from "../../platform/resources/write.js";
import type { CallerScope } from "../../platform/scope.js";
import { as, detailOf, dispatchOne, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("appeal-engine");
});
afterAll(() => f?.close());

const BASE = "/tms-freight-riskappeal-review";
const TICKET = "/files/weigh-tickets/t.jpg";
const REASON = "卸货地磅刚检修过，复磅结果正常，附复磅单据，申请解除风险标记。";

async function pendingAppeal(): Promise<AppealRecord> {
  const { id } = await dispatchOne(f, { plannedWeight: 40_000 });
  await okData(as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 40_000, weighTicketUrl: TICKET }));
  const waybill = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/unLoading", { id, unloadedWeight: 39_000, weighTicketUrl: TICKET }));
  return okData<AppealRecord>(as(f, "ORG_USER", BASE, { freightId: waybill.id, reason: REASON }));
}

describe(`risk appeals on the engine (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("backfills the engine columns of the seeded appeals from their submission", async () => {
    const rows = await f.p.db.kysely.selectFrom("risk_appeals").select(["created_at", "submitted_at", "created_by", "submitted_by", "version", "deleted_at"]).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.created_at, Number(row.created_by), Number(row.version), row.deleted_at]).toEqual([row.submitted_at, Number(row.submitted_by), 0, null]);
  });

  it("approves through the generic transition route as the spec's audit does", async () => {
    const appeal = await pendingAppeal();
    expect(appeal.actions).toEqual(["detail"]);
    const tenantView = await okData<{ records: AppealRecord[] }>(as(f, "TENANT_USER", `${BASE}/search`, { appealNo: appeal.appealNo }));
    expect(tenantView.records[0]!.actions).toEqual(["detail", "approve", "reject"]);
    const approved = await okData<AppealRecord>(as(f, "TENANT_USER", `${BASE}/${appeal.id}/approve`, {}));
    expect(approved).toMatchObject({ status: "APPROVED", auditedByName: "王运营", auditRemark: null, version: 1 });
    const waybill = await detailOf(f, appeal.freightNo);
    expect(waybill.abnormal).toBe(false);
    expect(waybill.events.at(-1)).toMatchObject({ action: "APPEAL_APPROVE", remark: `申诉单 ${appeal.appealNo} 已通过，风险标记已解除` });
    const events = await f.p.db.kysely.selectFrom("resource_events").select("action").where("resource", "=", "appeal").where("record_id", "=", appeal.id).orderBy("id").execute();
    expect(events.map((e) => e.action)).toEqual(["CREATE", "APPROVE"]);
  });

  it("rejects through the generic route only with a remark, and only once", async () => {
    const appeal = await pendingAppeal();
    const missing = await as(f, "TENANT_USER", `${BASE}/${appeal.id}/reject`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errorMsg).toContain("审核意见");
    const rejected = await okData<AppealRecord>(as(f, "SYSTEM_USER", `${BASE}/${appeal.id}/reject`, { auditRemark: "证据不足。" }));
    expect(rejected).toMatchObject({ status: "REJECTED", auditRemark: "证据不足。", auditedByName: "平台管理员" });
    expect((await detailOf(f, appeal.freightNo)).abnormal).toBe(true);
    expect((await as(f, "TENANT_USER", `${BASE}/${appeal.id}/approve`, {})).body.code).toBe(4009);
    expect((await as(f, "ORG_USER", `${BASE}/${appeal.id}/approve`, {})).body.code).toBe(4003);
  });

  it("serves options and export in scope, refuses edit, delete and the engine's create", async () => {
    const appeal = await pendingAppeal();
    const options = await okData<Array<{ id: number; label: string }>>(as(f, "ORG_USER", `${BASE}/options`, { keyword: appeal.appealNo }));
    expect(options).toEqual([{ id: appeal.id, label: appeal.appealNo }]);
    const res = await fetch(`${f.p.baseUrl}${BASE}/export`, { method: "POST", headers: { Authorization: `Bearer ${f.tokens.TENANT_USER}`, "Content-Type": "application/json", "X-Platform": "A" }, body: "{}" });
    expect(res.headers.get("content-disposition")).toContain(".xlsx");
    expect((await as(f, "ORG_USER", `${BASE}/${appeal.id}`, { reason: REASON }, "PUT")).body.code).toBe(4003);
    expect((await as(f, "SYSTEM_USER", `${BASE}/${appeal.id}`, undefined, "DELETE")).body.code).toBe(4003);
    const scope: CallerScope = { type: "ORG_USER", userId: f.userIds.ORG_USER, name: "李调度", platformId: "A", tenantId: null, orgId: f.orgIds[0]!, water: false, permissions: new Set(["TMS_RISK_APPEAL_SUBMIT"]) };
    // The create permission alone does not do: no user kind creates appeals through the engine.
    await expect(createResource({} as never, appealBinding, scope, { reason: REASON })).rejects.toMatchObject({ code: 4003 });
  });
});
