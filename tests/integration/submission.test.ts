/**
 * 数据报送 (domain 8): records of completed waybills with the ministry formats, money flows through
 * recordPaymentSubmission, and the sender against the stand-in: failures retried with backoff then
 * succeeding, a timed-out send re-used by reference number, data errors kept, key errors pausing
 * the target, staff resubmitting by hand. Runs on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { sm2 } from "sm-crypto-v2";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import { codeOfName, VEHICLE_TYPE_LIST } from "../../contract/code-lists.js";
import { RETRY_BACKOFF_MIN, type ReportWaybillDetail, type ReportWaybillRow } from "../../contract/submission.js";
import { chinaStamp, kg3, yuan3 } from "../../platform/submission/format.js";
import { recordPaymentSubmission, syncCompletedWaybills } from "../../platform/submission/records.js";
import { runSubmitter, type SenderOptions } from "../../platform/submission/sender.js";
import { startStandin } from "../../platform/submission/standin.js";
import { parsePrivateKey, parsePublicKey } from "../../platform/submission/keys.js";
import { sealContent, SM2_DEFAULT_USER_ID, type SealKeys } from "../../platform/submission/wire.js";
import { revealCards } from "../../platform/submission/card-field.js";
import { sealedCardNumbersMigration } from "../../platform/db/migrations/0028_sealed_card_numbers.js";
import { as, dispatchOne, driveTo, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { until } from "../helpers/wait.js";

let f: FreightTestPlatform;
let standin: Awaited<ReturnType<typeof startStandin>>;
const ACCOUNT = "ANHUI_TEST";
// The account's own keys (not the development ones): our signing key as PEM with `\n` line breaks, as an
// environment file holds it; the province's key pair as hex.
const SENDER = generateKeyPairSync("ec", { namedCurve: "SM2" });
const SENDER_PEM = String(SENDER.privateKey.export({ type: "pkcs8", format: "pem" })).trim().replace(/\n/g, "\\n");
const PROVINCE = sm2.generateKeyPairHex();
const ENV = { TMS_REPORT_ANHUI_USER: ACCOUNT, TMS_REPORT_ANHUI_PASSWORD: "pw", TMS_REPORT_ANHUI_PRIVATE_KEY: SENDER_PEM, TMS_REPORT_ANHUI_PUBLIC_KEY: PROVINCE.publicKey } as unknown as NodeJS.ProcessEnv;
const HOUR = 3600_000;

beforeAll(async () => {
  f = await startFreightPlatform("submission");
  standin = await startStandin({ accounts: { [ACCOUNT]: { password: "pw", privateKey: PROVINCE.privateKey, senderPublicKey: parsePublicKey(String(SENDER.publicKey.export({ type: "spki", format: "pem" })))! } } });
  // Point every target at the stand-in (a real province: TMS_REPORT_<CODE>_URL).
  await f.p.db.kysely.updateTable("report_targets").set({ base_url: standin.url }).execute();
  process.env.TMS_REPORT_ANHUI_USER = ACCOUNT;
  process.env.TMS_REPORT_ANHUI_PASSWORD = "pw";
  process.env.TMS_REPORT_ANHUI_PRIVATE_KEY = SENDER_PEM;
  process.env.TMS_REPORT_ANHUI_PUBLIC_KEY = PROVINCE.publicKey;
});
afterAll(async () => {
  await standin?.close();
  await f?.close();
});
beforeEach(async () => {
  standin.state.failures.length = 0;
});

const db = () => f.p.db.kysely;
const sender = (now: Date, extra: Partial<SenderOptions> = {}): SenderOptions & { platformId: string } => ({ selfUrl: "http://127.0.0.1:9", env: ENV, now: () => now, platformId: "A", ...extra });

/** A freshly completed road waybill with a believable timeline and track (so it passes the local checks). */
async function completedWaybill(): Promise<{ id: number; freightNo: string }> {
  // The seeded carrier, already reported, is free again once the previous one completed.
  const waybill = await dispatchOne(f, { plannedWeight: 30_000, seeded: true });
  await driveTo(f, waybill.id, "COMPLETED");
  const now = Date.now();
  const at = (h: number) => new Date(now - h * HOUR).toISOString();
  await db().updateTable("freights").set({ created_at: at(30), loading_time: at(28), unloading_time: at(24), complete_time: at(2), loading_address: "安徽省蚌埠市蚌山区淮河路港区3号泊位", unloading_address: "安徽省芜湖市镜湖区朱家桥外贸码头" }).where("id", "=", waybill.id).execute();
  const points = Array.from({ length: 5 }, (_, i) => ({ freight_id: waybill.id, lat: 32.9 - i * 0.2, lng: 117.3 + i * 0.1, speed: 60, recorded_at: at(28 - i) }));
  await db().insertInto("freight_track_points").values(points).execute();
  return waybill;
}

/**
 * Keeps the seeded queue out of a test's way: drivers and vehicles waiting are taken as reported (a new
 * waybill reuses them), everything else waiting is parked; only the records the test builds are due.
 */
async function parkSeededQueue(): Promise<number> {
  await db().updateTable("report_records").set({ status: "SUCCESS", success_at: new Date().toISOString(), next_attempt_at: null }).where("status", "=", "PENDING").where("message_type", "in", ["DRIVER", "VEHICLE"]).execute();
  await db().updateTable("report_records").set({ next_attempt_at: "2999-01-01T00:00:00.000Z" }).where("status", "=", "PENDING").execute();
  const last = await db().selectFrom("report_attempts").select(({ fn }) => fn.max("id").as("id")).executeTakeFirst();
  return Number(last?.id ?? 0);
}

const recordsOf = async (freightId: number, target = "ANHUI") => {
  const waybill = await db().selectFrom("report_records").selectAll().where("target", "=", target).where("freight_id", "=", freightId).where("message_type", "=", "WAYBILL").executeTakeFirstOrThrow();
  const deps = JSON.parse(waybill.depends_on) as number[];
  return { waybill, deps };
};

describe("records of completed waybills", () => {
  it("every completed road waybill has an 电子运单 record per road target, in the ministry formats", async () => {
    // The seed builds the newest; the sender job's trigger builds the rest.
    await syncCompletedWaybills(db(), { platformId: "A" });
    const completed = await db().selectFrom("freights").selectAll().where("platform_id", "=", "A").where("status", "=", "COMPLETED").where("freight_way", "=", "ROAD").execute();
    expect(completed.length).toBeGreaterThan(0);
    const records = await db().selectFrom("report_records").selectAll().where("target", "=", "ANHUI").where("message_type", "=", "WAYBILL").execute();
    expect(new Set(records.map((r) => Number(r.freight_id)))).toEqual(new Set(completed.map((c) => Number(c.id))));
    const sample = completed.find((c) => c.loaded_weight != null)!;
    const record = records.find((r) => Number(r.freight_id) === Number(sample.id))!;
    const payload = JSON.parse(record.payload);
    expect(payload.ShippingNoteNumber).toBe(sample.freight_no);
    expect(payload.TotalMonetaryAmount).toBe(yuan3(Number(sample.freight_amount)));
    expect(payload.TotalMonetaryAmount).toMatch(/^\d+\.\d{3}$/);
    expect(payload.VehicleInfo.GoodsInfo[0].GoodsItemGrossWeight).toBe(kg3(Number(sample.loaded_weight)));
    expect(payload.DespatchActualDateTime).toBe(chinaStamp(sample.loading_time!));
    expect(payload.FinishDateTime).toMatch(/^\d{14}$/);
    expect(payload.SerialNumber).toBe("0000");
    const checks = JSON.parse(record.check_result) as Array<{ ministryField: string }>;
    expect(checks.map((c) => c.ministryField)).toContain("ConsignorInfo.CountrySubdivisionCode");
    // Building the whole backlog takes a while on a busy PostgreSQL.
  });

  it("reports a waybill's chosen 区划 as CountrySubdivisionCode, and the county its address names when it has none", async () => {
    const waybill = await completedWaybill();
    // The chosen county (淮上区) wins over the one the address names (蚌山区); the unloading end has no code.
    await db().updateTable("freights").set({ loading_region_code: "340311", unloading_region_code: null }).where("id", "=", waybill.id).execute();
    await syncCompletedWaybills(db(), { platformId: "A" });
    const record = await db().selectFrom("report_records").selectAll().where("target", "=", "ANHUI").where("message_type", "=", "WAYBILL").where("freight_id", "=", waybill.id).executeTakeFirstOrThrow();
    const payload = JSON.parse(record.payload);
    expect(payload.ConsignorInfo.CountrySubdivisionCode).toBe("340311");
    expect(payload.ConsigneeInfo.CountrySubdivisionCode).toBe("340202");
  });

  it("formats fen, kilograms and China time exactly", () => {
    expect(yuan3(1_234_567)).toBe("12345.670");
    expect(yuan3(5)).toBe("0.050");
    expect(kg3(32_150)).toBe("32150.000");
    expect(chinaStamp("2026-01-01T16:00:00.000Z")).toBe("20260102000000");
  });

  it("recordPaymentSubmission builds one 资金流水单 per road target, depending on the waybill, once", async () => {
    const waybill = await completedWaybill();
    const freight = await db().selectFrom("freights").selectAll().where("id", "=", waybill.id).executeTakeFirstOrThrow();
    const payment = { platformId: "A", freightId: waybill.id, documentNumber: `FK${waybill.id}-1`, paymentMeansCode: "42", recipient: freight.carrier_name, receiptAccount: "6217002870012345678", bankCode: "105", sequenceCode: "TX0001", amountFen: 1_234_567, paidAt: new Date().toISOString() };
    const ids = await db().transaction().execute((trx) => recordPaymentSubmission(trx, payment));
    expect(ids).toHaveLength(2);
    const again = await db().transaction().execute((trx) => recordPaymentSubmission(trx, payment));
    expect(again.sort()).toEqual(ids.sort());
    const rows = await db().selectFrom("report_records").selectAll().where("id", "in", ids).execute();
    for (const row of rows) {
      expect(row.message_type).toBe("CAPITAL_FLOW");
      const payload = JSON.parse(row.payload);
      expect(payload.Financiallist[0].MonetaryAmount).toBe("12345.670");
      expect(payload.ShippingNoteList[0].ShippingNoteNumber).toBe(waybill.freightNo);
      const waybillRecord = await db().selectFrom("report_records").select(["id", "message_type"]).where("id", "=", (JSON.parse(row.depends_on) as number[])[0]!).executeTakeFirstOrThrow();
      expect(waybillRecord.message_type).toBe("WAYBILL");
    }
  });

  it("keeps the payee's card number sealed at rest and masked when shown; only the province receives it in clear", async () => {
    await parkSeededQueue();
    const waybill = await completedWaybill();
    const freight = await db().selectFrom("freights").selectAll().where("id", "=", waybill.id).executeTakeFirstOrThrow();
    const card = "6222021234567891234";
    const payment = { platformId: "A", freightId: waybill.id, documentNumber: `FK${waybill.id}-9`, paymentMeansCode: "42", recipient: freight.carrier_name, receiptAccount: card, bankCode: "102", sequenceCode: "TX0009", amountFen: 10_000, paidAt: new Date().toISOString() };
    const ids = await db().transaction().execute((trx) => recordPaymentSubmission(trx, payment));
    const stored = await db().selectFrom("report_records").select("payload").where("id", "in", ids).execute();
    for (const row of stored) expect(row.payload).not.toContain(card.slice(4, 16));
    standin.state.received.length = 0;
    for (let round = 0; round < 3; round++) await runSubmitter(db(), sender(new Date(Date.now() + HOUR)));
    const sent = standin.state.received.map((m) => m.payload as { Financiallist?: Array<{ ReceiptAccount: string }> }).filter((p) => p.Financiallist);
    expect(sent.map((p) => p.Financiallist![0]!.ReceiptAccount)).toContain(card);
    const attempts = await db().selectFrom("report_attempts").select("request_excerpt").where("record_id", "in", ids).execute();
    expect(attempts.length).toBeGreaterThan(0);
    for (const a of attempts) expect(a.request_excerpt).not.toContain(card.slice(4, 16));
    const detail = await okData(as<ReportWaybillDetail>(f, "SYSTEM_USER", `/tms-report/ANHUI/freights/${waybill.id}`, undefined, "GET"));
    const shown = JSON.stringify(detail);
    expect(shown).not.toContain(card.slice(4, 16));
    expect(shown).toContain("6222 **** **** 1234");

    // Rows written in clear before the fix are sealed (and sent excerpts masked) by migration 0028.
    const clear = JSON.stringify({ Financiallist: [{ ReceiptAccount: card }] });
    await db().updateTable("report_records").set({ payload: clear }).where("id", "=", ids[0]!).execute();
    await db().updateTable("report_attempts").set({ request_excerpt: clear }).where("record_id", "=", ids[0]!).execute();
    await sealedCardNumbersMigration(f.p.dialect).up(db() as never);
    const sealed = await db().selectFrom("report_records").select("payload").where("id", "=", ids[0]!).executeTakeFirstOrThrow();
    expect(sealed.payload).not.toContain(card.slice(4, 16));
    expect(JSON.stringify(revealCards(JSON.parse(sealed.payload)))).toBe(clear);
    const excerpts = await db().selectFrom("report_attempts").select("request_excerpt").where("record_id", "=", ids[0]!).execute();
    for (const a of excerpts) expect(a.request_excerpt).toContain("6222 **** **** 1234");
  });
});

describe("the submitter against the stand-in", () => {
  it("retries failures with backoff, then succeeds", async () => {
    const before = await parkSeededQueue();
    const waybill = await completedWaybill();
    standin.state.failures.push({ http: 503 }, { code: "9001" });
    const t0 = new Date(Date.now() + 60_000);
    await runSubmitter(db(), sender(t0));
    const { waybill: record, deps } = await recordsOf(waybill.id);
    expect(record.status, record.check_result).not.toBe("CHECK_FAILED");
    const ids = [...deps, Number(record.id)];
    const attempts = () => db().selectFrom("report_attempts").selectAll().where("record_id", "in", ids).where("id", ">", before).orderBy("id").execute();
    const first = (await attempts())[0]!;
    expect(first.outcome).toBe("RETRYABLE");
    expect(first.http_status).toBe(503);
    const failing = await db().selectFrom("report_records").selectAll().where("id", "=", first.record_id).executeTakeFirstOrThrow();
    expect(failing.status).toBe("PENDING");
    expect(Date.parse(failing.next_attempt_at!) - t0.getTime()).toBe(RETRY_BACKOFF_MIN[0] * 60_000);

    // Not yet due: nothing is sent.
    await runSubmitter(db(), sender(new Date(t0.getTime() + 30_000)));
    expect(await attempts()).toHaveLength(1);

    const t1 = new Date(t0.getTime() + 61_000);
    await runSubmitter(db(), sender(t1));
    const second = (await attempts())[1]!;
    expect(second.record_id).toBe(first.record_id);
    expect(second.outcome).toBe("RETRYABLE");
    expect(second.result_code).toBe("9001");
    const again = await db().selectFrom("report_records").selectAll().where("id", "=", first.record_id).executeTakeFirstOrThrow();
    expect(Date.parse(again.next_attempt_at!) - t1.getTime()).toBe(RETRY_BACKOFF_MIN[1] * 60_000);

    await runSubmitter(db(), sender(new Date(t1.getTime() + 5 * 60_000 + 1000)));
    const done = await db().selectFrom("report_records").select(["id", "status", "attempt_count"]).where("id", "in", ids).execute();
    expect(done.every((r) => r.status === "SUCCESS"), JSON.stringify(done)).toBe(true);
    expect(done.find((r) => r.id === first.record_id)!.attempt_count).toBe(3);
    const sent = standin.state.received.find((m) => m.documentName === "WLHY_YD1001" && (m.payload as { ShippingNoteNumber: string }).ShippingNoteNumber === waybill.freightNo);
    expect(sent?.resultCode).toBe("1001");
    // The waybill went after what it depends on.
    const order = (await attempts()).filter((a) => a.outcome === "SUCCESS").map((a) => Number(a.record_id));
    expect(order.at(-1)).toBe(Number(record.id));
  });

  it("re-sends a timed-out message with the same reference number and takes 3001 as proof of arrival", async () => {
    const before = await parkSeededQueue();
    const waybill = await completedWaybill();
    standin.state.failures.push({ delayMs: 400 });
    const t0 = new Date(Date.now() + 60_000);
    const received = standin.state.received.length;
    await runSubmitter(db(), sender(t0, { timeoutMs: 150 }));
    // The late message still arrives at the province: that arrival is what the retry's 3001 proves.
    await until(() => standin.state.received.length > received, "the timed-out message to arrive at the stand-in");
    const { waybill: record, deps } = await recordsOf(waybill.id);
    const ids = [...deps, Number(record.id)];
    const [first] = await db().selectFrom("report_attempts").selectAll().where("record_id", "in", ids).where("id", ">", before).orderBy("id").execute();
    expect(first!.outcome).toBe("UNKNOWN");
    await runSubmitter(db(), sender(new Date(t0.getTime() + 61_000)));
    const retry = await db().selectFrom("report_attempts").selectAll().where("record_id", "=", first!.record_id).where("id", ">", before).orderBy("id").execute();
    expect(retry[1]!.message_reference_number).toBe(first!.message_reference_number);
    expect(retry[1]!.result_code).toBe("3001");
    expect(retry[1]!.outcome).toBe("SUCCESS");
  });

  it("keeps a data error as FAILED; staff resubmit it by hand and it succeeds", async () => {
    await parkSeededQueue();
    const waybill = await completedWaybill();
    const t0 = new Date(Date.now() + 60_000);
    await runSubmitter(db(), sender(t0));
    const { waybill: record } = await recordsOf(waybill.id);
    await db().updateTable("report_records").set({ status: "PENDING", next_attempt_at: t0.toISOString() }).where("id", "=", record.id).execute();
    standin.state.failures.push({ code: "3005" });
    await runSubmitter(db(), sender(new Date(t0.getTime() + 1000)));
    const failed = await db().selectFrom("report_records").selectAll().where("id", "=", record.id).executeTakeFirstOrThrow();
    expect(failed.status).toBe("FAILED");
    expect(failed.last_result_code).toBe("3005");

    const list = await okData<Paged<ReportWaybillRow>>(as(f, "SYSTEM_USER", "/tms-report/search", { target: "ANHUI", keyword: waybill.freightNo, current: 1, size: 10 }));
    expect(list.records[0]!.messages.WAYBILL?.status).toBe("FAILED");

    const resubmitted = await okData<{ results: Array<{ recordId: number; status: string }> }>(as(f, "SYSTEM_USER", "/tms-report/resubmit", { recordIds: [Number(record.id)] }));
    expect(resubmitted.results.find((r) => r.recordId === Number(record.id))?.status).toBe("SUCCESS");
    const detail = await okData<ReportWaybillDetail>(as(f, "SYSTEM_USER", `/tms-report/ANHUI/freights/${waybill.id}`, undefined, "GET"));
    const view = detail.records.find((r) => r.id === Number(record.id))!;
    expect(view.status).toBe("SUCCESS");
    expect(view.attempts[0]!.operatorName).toBeTruthy();
    expect(view.attempts.map((a) => a.outcome)).toContain("REJECTED");

    // A success is re-sent only with a reason and a changed payload.
    const refused = await as(f, "SYSTEM_USER", "/tms-report/resubmit", { recordIds: [Number(record.id)] });
    expect(refused.body.code).toBe(4009);
  });

  it("a key error pauses the target until staff resume it", async () => {
    await parkSeededQueue();
    const waybill = await completedWaybill();
    standin.state.failures.push({ code: "3006" });
    await runSubmitter(db(), sender(new Date(Date.now() + 60_000)));
    const target = await db().selectFrom("report_targets").selectAll().where("code", "=", "ANHUI").executeTakeFirstOrThrow();
    expect(target.paused).toBe(1);
    const refused = await as(f, "SYSTEM_USER", "/tms-report/submit", { target: "ANHUI", freightIds: [waybill.id] });
    expect(refused.body.code).toBe(4009);
    await okData(as(f, "SYSTEM_USER", "/tms-report/targets/ANHUI/resume", {}));
    expect((await db().selectFrom("report_targets").select("paused").where("code", "=", "ANHUI").executeTakeFirstOrThrow()).paused).toBe(0);
  });

  it("is for platform users only, and validates its input", async () => {
    const refused = await as(f, "ORG_USER", "/tms-report/search", { target: "ANHUI", current: 1, size: 10 });
    expect(refused.body.code).toBe(4003);
    const bad = await as(f, "SYSTEM_USER", "/tms-report/search", { target: "NOWHERE", current: 1, size: 10 });
    expect(JSON.stringify(bad.body)).toContain("对接目标不正确");
    const empty = await as(f, "SYSTEM_USER", "/tms-report/resubmit", { recordIds: [] });
    expect(JSON.stringify(empty.body)).toContain("请选择要上报的记录");
  });
});

describe("the encrypted exchange and the checks before sending", () => {
  /** A login and one message straight to the stand-in, as another sender would post it. */
  async function post(message: (token: string) => Record<string, unknown>) {
    const login = await fetch(`${standin.url}/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userName: ACCOUNT, password: "pw" }) }).then((r) => r.json() as Promise<{ token: string }>);
    const reply = await fetch(`${standin.url}/message`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(message(login.token)) });
    return (await reply.json()) as { resultCode: string; resultMessage: string };
  }
  const driver = { DriverName: "张三", DrivingLicense: "340302198501014512", VehicleClass: "A2", ValidPeriodTo: "20300101", QualificationCertificate: "340302198501014512", Telephone: "13955300001" };
  const envelope = (token: string, keys: SealKeys, payload: unknown, reference = randomUUID()) => ({
    messageReferenceNumber: reference, documentName: "WLHY_JSY1001", documentVersionNumber: "2015WCCYR", senderCode: ACCOUNT, enterpriseSenderCode: "91340300MA2TGR8X1K", messageSendingDateTime: "20261129120000",
    ipcType: "WLHY_JSY1001", token, ...sealContent(keys, { messageReferenceNumber: reference, ipcType: "WLHY_JSY1001" }, payload),
  });
  const ours: SealKeys = { senderPrivateKey: parsePrivateKey(SENDER_PEM)!, receiverPublicKey: PROVINCE.publicKey, userId: SM2_DEFAULT_USER_ID };

  it("the national target (部级), once enabled for the platform, gets its own records and reports them with its own keys", async () => {
    const NATIONAL = sm2.generateKeyPairHex();
    const ours = sm2.generateKeyPairHex();
    standin.state.accounts.MINISTRY_TEST = { password: "pw-national", privateKey: NATIONAL.privateKey, senderPublicKey: ours.publicKey };
    const env = { ...ENV, TMS_REPORT_MINISTRY_USER: "MINISTRY_TEST", TMS_REPORT_MINISTRY_PASSWORD: "pw-national", TMS_REPORT_MINISTRY_PRIVATE_KEY: ours.privateKey, TMS_REPORT_MINISTRY_PUBLIC_KEY: NATIONAL.publicKey } as unknown as NodeJS.ProcessEnv;
    const national = () => db().updateTable("report_targets").where("code", "=", "MINISTRY").where("platform_id", "=", "A");
    // Enabled, and sent by the job as 安徽省's messages are (the demo leaves the national target to 上报 by hand).
    await national().set({ enabled: 1, auto_report: 1 }).execute();
    try {
      // Enabling it gives the demo's completed waybills their national records too: park them.
      await syncCompletedWaybills(db(), { platformId: "A" });
      await parkSeededQueue();
      const waybill = await completedWaybill();
      await runSubmitter(db(), sender(new Date(Date.now() + 60_000), { env }));
      const { waybill: record, deps } = await recordsOf(waybill.id, "MINISTRY");
      const sent = await db()
        .selectFrom("report_records as r")
        .innerJoin("report_attempts as a", "a.record_id", "r.id")
        .select(["r.target", "r.status", "a.result_code"])
        .where("r.id", "in", [...deps, Number(record.id)])
        .execute();
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((a) => a.target === "MINISTRY" && a.status === "SUCCESS" && a.result_code === "1001"), JSON.stringify(sent)).toBe(true);
      // 安徽省 got the same waybill too, sealed for its own keys: one 电子运单 per enabled target.
      const waybills = standin.state.received.filter((m) => m.documentName === "WLHY_YD1001" && (m.payload as { ShippingNoteNumber?: string } | null)?.ShippingNoteNumber === waybill.freightNo);
      expect(waybills.map((m) => m.resultCode)).toEqual(["1001", "1001"]);
    } finally {
      await national().set({ enabled: 0, auto_report: 0 }).execute();
    }
  });

  it("the stand-in opens a message sealed with the account's keys, and refuses it tampered, for another key, signed by another, or with a field outside its code list", async () => {
    expect(await post((token) => envelope(token, ours, driver))).toMatchObject({ resultCode: "1001" });
    const tampered = await post((token) => {
      const message = envelope(token, ours, driver);
      const body = Buffer.from(message.encryptedContent, "base64");
      body[3] = body[3]! ^ 0x01;
      return { ...message, encryptedContent: body.toString("base64") };
    });
    expect(tampered).toMatchObject({ resultCode: "3007" });
    expect(tampered.resultMessage).toContain("签名验证失败");
    expect(await post((token) => envelope(token, { ...ours, receiverPublicKey: sm2.generateKeyPairHex().publicKey }, driver))).toMatchObject({ resultCode: "3006", resultMessage: "对称密钥解密失败" });
    expect(await post((token) => envelope(token, { ...ours, senderPrivateKey: sm2.generateKeyPairHex().privateKey }, driver))).toMatchObject({ resultCode: "3007" });
    const refused = await post((token) => envelope(token, ours, { ...driver, VehicleClass: "Z9", Telephone: "" }));
    expect(refused.resultCode).toBe("3005");
    expect(refused.resultMessage).toContain("VehicleClass（准驾车型）「Z9」不是准驾车型代号");
    expect(refused.resultMessage).toContain("Telephone（手机号码）必填项为空");
  });

  it("holds a message the province would refuse (待修正) with the field and the reason, on its record and the pages, and sends it once corrected", async () => {
    await parkSeededQueue();
    const waybill = await completedWaybill();
    const freight = await db().selectFrom("freights").select("vehicle_id").where("id", "=", waybill.id).executeTakeFirstOrThrow();
    const vehicleId = Number(freight.vehicle_id);
    const { vehicle_type: type } = await db().selectFrom("freight_vehicles").select("vehicle_type").where("id", "=", vehicleId).executeTakeFirstOrThrow();
    await db().updateTable("freight_vehicles").set({ vehicle_type: "大货车" }).where("id", "=", vehicleId).execute();
    const received = standin.state.received.length;
    const t0 = new Date(Date.now() + 60_000);
    await runSubmitter(db(), sender(t0));
    const { deps } = await recordsOf(waybill.id);
    const held = await db().selectFrom("report_records").selectAll().where("id", "in", deps).where("message_type", "=", "VEHICLE").executeTakeFirstOrThrow();
    expect(held.status).toBe("CHECK_FAILED");
    expect(held.last_result_message).toContain("车辆类型代码（VehicleType）「大货车」不在车辆类型代码中");
    // Nothing of the waybill left for the province while its vehicle is held.
    const plate = JSON.parse(held.payload).VehicleNumber as string;
    expect(standin.state.received.slice(received).some((m) => m.documentName === "WLHY_CL1001" && (m.payload as { VehicleNumber?: string } | null)?.VehicleNumber === plate)).toBe(false);

    const list = await okData<Paged<ReportWaybillRow>>(as(f, "SYSTEM_USER", "/tms-report/search", { target: "ANHUI", keyword: waybill.freightNo, current: 1, size: 10 }));
    expect(list.records[0]!.messages.VEHICLE).toMatchObject({ status: "CHECK_FAILED", message: expect.stringContaining("VehicleType") });
    const detail = await okData<ReportWaybillDetail>(as(f, "SYSTEM_USER", `/tms-report/ANHUI/freights/${waybill.id}`, undefined, "GET"));
    const view = detail.records.find((r) => r.id === Number(held.id))!;
    expect(view.resubmit).toEqual({ label: "重新校验", reasonRequired: false });
    expect(view.checkResult.find((c) => c.ministryField === "VehicleType")).toMatchObject({ ok: false, value: "大货车", message: expect.stringContaining("GA 24.4") });

    // Corrected at the source: the next run checks it again and sends it, then the waybill.
    await db().updateTable("freight_vehicles").set({ vehicle_type: type }).where("id", "=", vehicleId).execute();
    await runSubmitter(db(), sender(new Date(t0.getTime() + 60_000)));
    const after = await db().selectFrom("report_records").select(["id", "status", "message_type"]).where("id", "in", [...deps, Number((await recordsOf(waybill.id)).waybill.id)]).execute();
    expect(after.every((r) => r.status === "SUCCESS"), JSON.stringify(after)).toBe(true);
    const sent = standin.state.received.find((m) => m.documentName === "WLHY_CL1001" && m.resultCode === "1001" && (m.payload as { VehicleType: string }).VehicleType === codeOfName(VEHICLE_TYPE_LIST, type));
    expect(sent, "the vehicle reported with its GA 24.4 code").toBeTruthy();
  });

  it("checks a waiting message once more as it leaves: one built before a rule is held, not sent", async () => {
    await parkSeededQueue();
    const waybill = await completedWaybill();
    const t0 = new Date(Date.now() + 60_000);
    await syncCompletedWaybills(db(), { platformId: "A", now: t0.toISOString() });
    const { waybill: record } = await recordsOf(waybill.id);
    const payload = JSON.parse(record.payload);
    payload.VehicleInfo.VehiclePlateColorCode = "7";
    await db().updateTable("report_records").set({ payload: JSON.stringify(payload), status: "PENDING", next_attempt_at: t0.toISOString() }).where("id", "=", record.id).execute();
    const before = standin.state.received.length;
    await runSubmitter(db(), sender(new Date(t0.getTime() + 1000)));
    const held = await db().selectFrom("report_records").selectAll().where("id", "=", record.id).executeTakeFirstOrThrow();
    expect(held.status).toBe("CHECK_FAILED");
    expect(held.last_result_message).toContain("车牌颜色代码（VehicleInfo.VehiclePlateColorCode）「7」不在车牌颜色代码中（JT/T 697.7-2014");
    expect(standin.state.received.slice(before).some((m) => m.documentName === "WLHY_YD1001" && (m.payload as { ShippingNoteNumber?: string })?.ShippingNoteNumber === waybill.freightNo)).toBe(false);
  });
});
