/**
 * 上报记录 (domain 8.2): which records exist and how they are (re)built. Every completed waybill
 * gets, per enabled target of its way, a person and a conveyance record (reused while their payload
 * is unchanged) and a waybill record depending on both; every successful payment gets a money-flow
 * record through `recordPaymentSubmission` (called by the payment service).
 */
import { createHash } from "node:crypto";
import { bankCodeOf, WALLET_PAYMENT_MEANS } from "../../contract/code-lists.js";
import { sql } from "kysely";
import { MESSAGE_TYPES, resubmitOf, WAY_MESSAGES, type CheckLine, type MessageType, type ReportStatus } from "../../contract/submission.js";
import type { AnyDb } from "../resources/bind.js";
import { nextSerial } from "../resources/write.js";
import { decryptCardNo } from "../ledger/card-crypto.js";
import { haversineKm } from "./format.js";
import {
  buildMessage, capitalLogic, CAPITAL_SPECS, checkPayload, checksPass, heldReason, MESSAGE_SPECS, CREW_SPECS, DRIVER_SPECS, SHIP_SPECS, VEHICLE_SPECS, WATER_CAPITAL_SPECS, WATER_WAYBILL_SPECS, WAYBILL_SPECS, waybillLogic,
  type BuiltMessage, type CapitalFlowSource, type CarrierSource, type PaymentFields, type WaybillSource,
} from "./messages.js";
import type { ReportRecordsTable, ReportTargetsTable } from "./schema.js";
import { yieldToRequests } from "../db/yield.js";
import { maskCheckLines, revealCards, sealCardNo, sealCards } from "./card-field.js";
import { openIdNo } from "../db/personal.js";
import { maskIdNo } from "../../contract/personal.js";

export type TargetRow = Omit<ReportTargetsTable, "id"> & { id: number };
export type RecordRow = Omit<ReportRecordsTable, "id"> & { id: number };
type Way = keyof typeof WAY_MESSAGES;

export const wayOf = (target: TargetRow): Way => (JSON.parse(target.message_types) as string[]).includes("WATER_WAYBILL") ? "WATER" : "ROAD";
const carrierOf = (t: TargetRow): CarrierSource => ({ name: t.carrier_name, creditCode: t.credit_code, permitNumber: t.permit_number });
export const hashOf = (payload: unknown) => createHash("sha256").update(JSON.stringify(payload)).digest("hex");

export async function targetsOf(db: AnyDb, platformId?: string): Promise<TargetRow[]> {
  let q = db.selectFrom("report_targets").selectAll().orderBy("id");
  if (platformId) q = q.where("platform_id", "=", platformId);
  return (await q.execute()) as TargetRow[];
}

export async function targetOf(db: AnyDb, platformId: string, code: string): Promise<TargetRow | undefined> {
  return (await db.selectFrom("report_targets").selectAll().where("platform_id", "=", platformId).where("code", "=", code).executeTakeFirst()) as TargetRow | undefined;
}

/** A person's sealed number, opened to build the message that carries it (platform/db/personal.ts). */
const opened = (stored: string | null | undefined) => (stored ? openIdNo(stored) : null);

/** A built message as report_records keeps it: card and ID numbers sealed, check lines masked; the hash is of the clear payload, so an unchanged message is still recognised. */
const storedMessage = (built: BuiltMessage) => ({ payload: JSON.stringify(sealCards(built.payload)), payload_hash: hashOf(built.payload), check_result: JSON.stringify(maskCheckLines(built.checks)) });

// ---- sources ---------------------------------------------------------------------------------

async function driverMessage(db: AnyDb, driverId: number): Promise<{ built: BuiltMessage; bizNo: string }> {
  const d = await db.selectFrom("freight_drivers").selectAll().where("id", "=", driverId).executeTakeFirstOrThrow();
  const idCardNo = opened(d.id_card_no);
  const built = buildMessage(DRIVER_SPECS, { name: d.name, mobile: d.mobile, idCardNo, vehicleClass: d.vehicle_class, licenseValidTo: d.license_valid_to, qualificationCertNo: opened(d.qualification_cert_no) });
  return { built, bizNo: idCardNo ? maskIdNo(idCardNo) : d.mobile };
}

async function vehicleMessage(db: AnyDb, vehicleId: number) {
  const v = await db.selectFrom("freight_vehicles").selectAll().where("id", "=", vehicleId).executeTakeFirstOrThrow();
  const built = buildMessage(VEHICLE_SPECS, {
    plateNo: v.plate_no, plateColorCode: v.plate_color_code, vehicleType: v.vehicle_type, ownerName: v.owner_name, useCharacter: v.use_character, vin: v.vin,
    energyType: v.energy_type, loadCapacityKg: Number(v.load_capacity), grossMassKg: v.gross_mass == null ? null : Number(v.gross_mass), roadCertNo: v.road_cert_no, trailerPlateNo: v.trailer_plate_no,
  });
  return { built, bizNo: v.plate_no };
}

async function captainMessage(db: AnyDb, captainId: number) {
  const c = await db.selectFrom("freight_captains").selectAll().where("id", "=", captainId).executeTakeFirstOrThrow();
  const idCardNo = opened(c.id_card_no);
  return { built: buildMessage(CREW_SPECS, { name: c.name, mobile: c.mobile, idCardNo, certificateNo: c.certificate_no }), bizNo: idCardNo ? maskIdNo(idCardNo) : c.certificate_no };
}

async function shipMessage(db: AnyDb, shipId: number) {
  const s = await db.selectFrom("freight_ships").selectAll().where("id", "=", shipId).executeTakeFirstOrThrow();
  const built = buildMessage(SHIP_SPECS, { shipName: s.ship_name, mmsi: s.mmsi, shipIdentityNo: s.ship_identity_no, shipType: s.ship_type, deadweightKg: Number(s.load_capacity), registryPort: s.registry_port });
  return { built, bizNo: s.ship_name };
}

/** Distance along the waybill's track (km, whole), 0 without a track. */
async function trackDistanceKm(db: AnyDb, freightId: number): Promise<number> {
  const points = await db.selectFrom("freight_track_points").select(["lat", "lng"]).where("freight_id", "=", freightId).orderBy("recorded_at").orderBy("id").execute();
  let km = 0;
  for (let i = 1; i < points.length; i++) km += haversineKm(points[i - 1]!, points[i]!);
  return Math.round(km);
}

type FreightRow = Awaited<ReturnType<typeof freightRow>>;
const freightRow = (db: AnyDb, freightId: number) => db.selectFrom("freights").selectAll().where("id", "=", freightId).executeTakeFirstOrThrow();

/** The waybill's conveyance and carrier as the messages name them. */
async function conveyanceOf(db: AnyDb, f: FreightRow) {
  if (f.freight_way === "WATER") {
    const ship = f.ship_id == null ? undefined : await db.selectFrom("freight_ships").selectAll().where("id", "=", f.ship_id).executeTakeFirst();
    const captain = f.captain_id == null ? undefined : await db.selectFrom("freight_captains").selectAll().where("id", "=", f.captain_id).executeTakeFirst();
    return {
      ratedLoadKg: Number(ship?.load_capacity ?? 0),
      carrierIdCardNo: opened(captain?.id_card_no),
      conveyance: { shipName: ship?.ship_name ?? f.conveyance_name, mmsi: ship?.mmsi ?? "", captainName: captain?.name ?? f.carrier_name, captainIdCardNo: opened(captain?.id_card_no) },
    };
  }
  const vehicle = f.vehicle_id == null ? undefined : await db.selectFrom("freight_vehicles").selectAll().where("id", "=", f.vehicle_id).executeTakeFirst();
  const driver = f.driver_id == null ? undefined : await db.selectFrom("freight_drivers").selectAll().where("id", "=", f.driver_id).executeTakeFirst();
  return {
    ratedLoadKg: Number(vehicle?.load_capacity ?? 0),
    carrierIdCardNo: opened(driver?.id_card_no),
    conveyance: { plateNo: vehicle?.plate_no ?? f.conveyance_name, plateColorCode: vehicle?.plate_color_code ?? "", driverName: driver?.name ?? f.carrier_name, driverIdCardNo: opened(driver?.id_card_no) },
  };
}

async function waybillMessage(db: AnyDb, target: TargetRow, freightId: number, now: string) {
  const f = await freightRow(db, freightId);
  const cargo = await db.selectFrom("cargo_categories").select("ministry_code").where("platform_id", "=", f.platform_id).where("name", "=", f.cargo_category).executeTakeFirst();
  const source: WaybillSource = {
    carrier: carrierOf(target), freightNo: f.freight_no, orderNo: f.order_no, shipperName: f.shipper_name, createdAt: f.created_at, loadingTime: f.loading_time,
    unloadingTime: f.unloading_time, completeTime: f.complete_time, sendAt: now, loadingAddress: f.loading_address, unloadingAddress: f.unloading_address,
    loadingRegionCode: f.loading_region_code, unloadingRegionCode: f.unloading_region_code,
    unloadingPlace: f.unloading_place, amountFen: Number(f.freight_amount), distanceKm: await trackDistanceKm(db, freightId), cargoName: f.cargo_category,
    cargoCode: cargo?.ministry_code ?? null, loadedWeightKg: f.loaded_weight == null ? null : Number(f.loaded_weight), carrierName: f.carrier_name,
    ...(await conveyanceOf(db, f)),
  };
  const specs = f.freight_way === "WATER" ? WATER_WAYBILL_SPECS : WAYBILL_SPECS;
  return { built: buildMessage(specs, source, waybillLogic(source)), bizNo: f.freight_no, freight: f };
}

/** Rebuilds the message of a record from the data it reads (capital flows keep their payment's payload). */
async function rebuild(db: AnyDb, target: TargetRow, record: RecordRow, now: string): Promise<BuiltMessage> {
  const id = Number(record.subject_id);
  switch (record.message_type as MessageType) {
    case "DRIVER": return (await driverMessage(db, id)).built;
    case "VEHICLE": return (await vehicleMessage(db, id)).built;
    case "CREW": return (await captainMessage(db, id)).built;
    case "SHIP": return (await shipMessage(db, id)).built;
    case "WAYBILL":
    case "WATER_WAYBILL": return (await waybillMessage(db, target, id, now)).built;
    default: {
      // A money flow keeps its payment's payload; its fields are checked again, its logical lines kept.
      const payload = revealCards(JSON.parse(record.payload) as Record<string, unknown>);
      const logic = (JSON.parse(record.check_result) as CheckLine[]).filter((c) => c.ministryField === "逻辑校验");
      return { payload, checks: [...checkPayload(MESSAGE_SPECS[record.message_type as MessageType], payload), ...logic] };
    }
  }
}

// ---- writing records -------------------------------------------------------------------------

interface NewRecord {
  messageType: MessageType;
  subjectType: string;
  subjectId: number;
  bizNo: string;
  built: BuiltMessage;
  dependsOn: number[];
  freight?: { id: number; freight_no: string; tenant_id: number; org_id: number } | null;
  triggerAt: string;
}

function initialState(target: TargetRow, built: BuiltMessage, triggerAt: string): { status: ReportStatus; next_attempt_at: string | null; last_result_message: string | null } {
  if (!checksPass(built.checks)) return { status: "CHECK_FAILED", next_attempt_at: null, last_result_message: heldReason(built.checks) };
  const due = new Date(Date.parse(triggerAt) + target.report_delay_min * 60_000).toISOString();
  return { status: "PENDING", next_attempt_at: target.auto_report ? due : null, last_result_message: null };
}

async function insertRecord(trx: AnyDb, target: TargetRow, input: NewRecord, now: string): Promise<number> {
  const row = await trx
    .insertInto("report_records")
    .values({
      platform_id: target.platform_id,
      tenant_id: input.freight?.tenant_id ?? null,
      org_id: input.freight?.org_id ?? null,
      record_no: await nextSerial(trx, "SB"),
      target: target.code,
      message_type: input.messageType,
      subject_type: input.subjectType,
      subject_id: input.subjectId,
      biz_no: input.bizNo.slice(0, 35),
      freight_id: input.freight?.id ?? null,
      freight_no: input.freight?.freight_no ?? null,
      depends_on: JSON.stringify(input.dependsOn),
      ...storedMessage(input.built),
      ...initialState(target, input.built, input.triggerAt),
      trigger_at: input.triggerAt,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const latestOf = (trx: AnyDb, target: TargetRow, messageType: string, subjectType: string, subjectId: number) =>
  trx
    .selectFrom("report_records")
    .selectAll()
    .where("platform_id", "=", target.platform_id)
    .where("target", "=", target.code)
    .where("message_type", "=", messageType)
    .where("subject_type", "=", subjectType)
    .where("subject_id", "=", subjectId)
    .where("superseded_by", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst() as Promise<RecordRow | undefined>;

/**
 * The person or conveyance record a waybill depends on: the existing one while its payload is
 * unchanged (a SUCCESS is reused, no re-send); otherwise a new one that supersedes it.
 */
async function subjectRecord(trx: AnyDb, target: TargetRow, input: Omit<NewRecord, "dependsOn">, now: string): Promise<number> {
  const existing = await latestOf(trx, target, input.messageType, input.subjectType, input.subjectId);
  const hash = hashOf(input.built.payload);
  if (existing && existing.payload_hash === hash) return existing.id;
  const id = await insertRecord(trx, target, { ...input, dependsOn: [] }, now);
  if (existing) await trx.updateTable("report_records").set({ superseded_by: id, updated_at: now }).where("id", "=", existing.id).execute();
  return id;
}

/** Builds the records of one completed waybill for one target (idempotent: an existing waybill record is kept). */
export async function recordWaybill(trx: AnyDb, target: TargetRow, freightId: number, now: string): Promise<number> {
  const kinds = WAY_MESSAGES[wayOf(target)];
  const existing = await latestOf(trx, target, kinds.waybill, "FREIGHT", freightId);
  if (existing) return existing.id;
  const { built, bizNo, freight } = await waybillMessage(trx, target, freightId, now);
  const triggerAt = freight.complete_time ?? now;
  const scope = { id: freightId, freight_no: freight.freight_no, tenant_id: Number(freight.tenant_id), org_id: Number(freight.org_id) };
  const dependsOn: number[] = [];
  const person = freight.freight_way === "WATER" ? freight.captain_id : freight.driver_id;
  const conveyance = freight.freight_way === "WATER" ? freight.ship_id : freight.vehicle_id;
  if (person != null) {
    const m = freight.freight_way === "WATER" ? await captainMessage(trx, Number(person)) : await driverMessage(trx, Number(person));
    dependsOn.push(await subjectRecord(trx, target, { messageType: kinds.person, subjectType: freight.freight_way === "WATER" ? "CAPTAIN" : "DRIVER", subjectId: Number(person), bizNo: m.bizNo, built: m.built, freight: null, triggerAt }, now));
  }
  if (conveyance != null) {
    const m = freight.freight_way === "WATER" ? await shipMessage(trx, Number(conveyance)) : await vehicleMessage(trx, Number(conveyance));
    dependsOn.push(await subjectRecord(trx, target, { messageType: kinds.conveyance, subjectType: freight.freight_way === "WATER" ? "SHIP" : "VEHICLE", subjectId: Number(conveyance), bizNo: m.bizNo, built: m.built, freight: null, triggerAt }, now));
  }
  return insertRecord(trx, target, { messageType: kinds.waybill, subjectType: "FREIGHT", subjectId: freightId, bizNo, built, dependsOn, freight: scope, triggerAt }, now);
}

/**
 * Completed waybills of the target's way that have no waybill record yet, newest first. With `completedBy`
 * (the run's clock) only those completed by then: a waybill completed while a run is under way waits for
 * the next run, whose 上传 time is after its 完结 (the 时间先后 check would refuse it otherwise).
 */
export async function unrecordedWaybills(db: AnyDb, target: TargetRow, limit: number, completedBy?: string): Promise<number[]> {
  const kinds = WAY_MESSAGES[wayOf(target)];
  let query = db
    .selectFrom("freights as f")
    .select("f.id")
    .where("f.platform_id", "=", target.platform_id)
    .where("f.status", "=", "COMPLETED")
    .where("f.freight_way", "=", wayOf(target))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("report_records as r").select("r.id").where("r.target", "=", target.code).where("r.message_type", "=", kinds.waybill).whereRef("r.subject_id", "=", "f.id"))),
    )
    .orderBy("f.complete_time", "desc")
    .limit(limit);
  if (completedBy) query = query.where("f.complete_time", "<=", completedBy);
  const rows = await query.execute();
  return rows.map((r) => Number(r.id));
}

/** The trigger of domain 8.4: every completed waybill of an enabled target gets its records. Returns how many were built. */
export async function syncCompletedWaybills(db: AnyDb & { transaction?: unknown }, options: { platformId?: string; now?: string; limit?: number } = {}): Promise<number> {
  const now = options.now ?? new Date().toISOString();
  let built = 0;
  for (const target of await targetsOf(db, options.platformId)) {
    if (!target.enabled) continue;
    for (const freightId of await unrecordedWaybills(db, target, options.limit ?? 500, now)) {
      await inTransaction(db, (trx) => recordWaybill(trx, target, freightId, now));
      built++;
      await yieldToRequests();
    }
  }
  return built;
}

/** Runs `work` in a transaction unless `db` already is one. */
export async function inTransaction<T>(db: AnyDb, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  return "transaction" in db && typeof db.transaction === "function" && !db.isTransaction ? db.transaction().execute(work) : work(db);
}

/** A successful payment item, as the payment service knows it (domain 8.5 CAPITAL_FLOW). */
export interface PaymentSubmission extends PaymentFields {
  platformId: string;
  freightId: number;
  /** payment_no + "-" + item sequence: the 单证号. */
  documentNumber: string;
}

/**
 * 资金流水单: the payment service calls this in its transaction when a payment item reaches SUCCESS.
 * One record per enabled target of the waybill's way, depending on that target's waybill record
 * (built now if the waybill had none). Returns the new record ids; the same document number twice
 * returns the existing ones.
 */
export async function recordPaymentSubmission(trx: AnyDb, payment: PaymentSubmission, now = new Date().toISOString()): Promise<number[]> {
  const f = await freightRow(trx, payment.freightId);
  const ids: number[] = [];
  for (const target of await targetsOf(trx, payment.platformId)) {
    if (!target.enabled || wayOf(target) !== f.freight_way) continue;
    const kinds = WAY_MESSAGES[wayOf(target)];
    const existing = await trx.selectFrom("report_records").select("id").where("target", "=", target.code).where("message_type", "=", kinds.capital).where("biz_no", "=", payment.documentNumber).executeTakeFirst();
    if (existing) {
      ids.push(Number(existing.id));
      continue;
    }
    const waybillRecordId = await recordWaybill(trx, target, f.id, now);
    const { conveyance, carrierIdCardNo } = await conveyanceOf(trx, f);
    const source: CapitalFlowSource = {
      carrier: carrierOf(target), documentNumber: payment.documentNumber, sendAt: now, actualCarrierName: f.carrier_name, actualCarrierId: carrierIdCardNo,
      conveyance: "plateNo" in conveyance ? { plateNo: conveyance.plateNo, plateColorCode: conveyance.plateColorCode } : { shipName: conveyance.shipName, mmsi: conveyance.mmsi },
      freightNo: f.freight_no, waybillAmountFen: Number(f.freight_amount), unloadingTime: f.unloading_time, paymentMeansCode: payment.paymentMeansCode,
      recipient: payment.recipient, receiptAccount: sealCardNo(payment.receiptAccount), bankCode: payment.bankCode, sequenceCode: payment.sequenceCode, amountFen: payment.amountFen, paidAt: payment.paidAt,
    };
    const built = buildMessage(f.freight_way === "WATER" ? WATER_CAPITAL_SPECS : CAPITAL_SPECS, source, capitalLogic(source));
    const scope = { id: f.id, freight_no: f.freight_no, tenant_id: Number(f.tenant_id), org_id: Number(f.org_id) };
    ids.push(await insertRecord(trx, target, { messageType: kinds.capital, subjectType: "PAYMENT", subjectId: f.id, bizNo: payment.documentNumber, built, dependsOn: [waybillRecordId], freight: scope, triggerAt: payment.paidAt }, now));
  }
  return ids;
}

/**
 * 资金流水单 of paid waybills (domain 8.4 “CAPITAL_FLOW at the payment item's SUCCESS”): every successful
 * payment item without a money-flow record gets one per enabled target of its way, as the payment
 * service's record (domain 8.5 Financiallist: ReceiptAccount = the payee's withdrawal card, else the
 * wallet; SequenceCode = the ledger txn_no). Run by the sender job like `syncCompletedWaybills`, so the
 * payment transaction stays lean. Returns how many payment items got records.
 */
export async function syncPaidWaybills(db: AnyDb, options: { platformId?: string; now?: string; limit?: number; freightIds?: number[] } = {}): Promise<number> {
  const now = options.now ?? new Date().toISOString();
  const documentNo = sql<string>`${sql.ref("p.payment_no")} || '-' || cast(${sql.ref("i.seq")} as varchar(10))`;
  let q = db
    .selectFrom("payment_items as i")
    .innerJoin("payments as p", "p.id", "i.payment_id")
    .innerJoin("accounts as a", "a.id", "i.payee_account_id")
    .leftJoin("ledger_transactions as t", "t.id", "i.ledger_txn_id")
    .select(["i.platform_id", "i.freight_id", "i.payee_user_id", "i.payee_name", "i.net_to_payee", "i.paid_at", "a.account_no", "t.txn_no", documentNo.as("document_no")])
    .where("i.status", "=", "SUCCESS")
    // Paid while the run is under way: the next run records it (its 上传 time is after the payment).
    .where((eb) => eb.or([eb("i.paid_at", "is", null), eb("i.paid_at", "<=", now)]))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("report_records as r").select("r.id").where("r.subject_type", "=", "PAYMENT").whereRef("r.subject_id", "=", "i.freight_id").where("r.biz_no", "=", documentNo))))
    .orderBy("i.id")
    .limit(options.limit ?? 500);
  if (options.platformId) q = q.where("i.platform_id", "=", options.platformId);
  if (options.freightIds) q = q.where("i.freight_id", "in", options.freightIds.length ? options.freightIds : [0]);
  let built = 0;
  for (const item of await q.execute()) {
    await yieldToRequests();
    const card = await db.selectFrom("bank_cards").select(["card_no_enc", "bank_name"]).where("owner_type", "=", "USER").where("owner_id", "=", Number(item.payee_user_id)).where("status", "=", "BOUND").orderBy("is_default", "desc").orderBy("id").executeTakeFirst();
    const recorded = await inTransaction(db, (trx) =>
      recordPaymentSubmission(trx, {
        platformId: item.platform_id,
        freightId: Number(item.freight_id),
        documentNumber: item.document_no,
        paymentMeansCode: WALLET_PAYMENT_MEANS,
        recipient: item.payee_name,
        receiptAccount: card ? decryptCardNo(card.card_no_enc) : item.account_no,
        bankCode: bankCodeOf(card?.bank_name),
        sequenceCode: item.txn_no ?? item.document_no,
        amountFen: Number(item.net_to_payee),
        paidAt: item.paid_at ?? now,
      }, now),
    );
    if (recorded.length) built++;
  }
  return built;
}

/**
 * 重新上报 (domain 8.4): FAILED, CHECK_FAILED and SKIPPED go back to PENDING after the payload is
 * rebuilt from the current data and checked again; a SUCCESS only with a reason and when the payload
 * changed. Returns the record's new status.
 */
export async function reopenRecord(trx: AnyDb, record: RecordRow, options: { reason?: string; now: string }): Promise<{ status: ReportStatus; message: string | null }> {
  const status = record.status as ReportStatus;
  const offer = resubmitOf(status);
  if (!offer) return { status, message: "记录正在上报中，请稍后再试" };
  if (status === "PENDING") return { status, message: null };
  const target = (await targetOf(trx, record.platform_id, record.target))!;
  const built = await rebuild(trx, target, record, options.now);
  const hash = hashOf(built.payload);
  if (offer.reasonRequired && !options.reason) return { status, message: "重新上报已成功的记录须填写原因" };
  if (status === "SUCCESS") {
    if (hash === record.payload_hash) return { status, message: "报文未变化，已成功的记录无需重新上报" };
  }
  const next: ReportStatus = checksPass(built.checks) ? "PENDING" : "CHECK_FAILED";
  await trx
    .updateTable("report_records")
    .set({
      ...storedMessage(built),
      status: next,
      next_attempt_at: next === "PENDING" ? options.now : null,
      last_result_message: next === "CHECK_FAILED" ? heldReason(built.checks) : options.reason ? `重新上报：${options.reason}` : record.last_result_message,
      updated_at: options.now,
    })
    .where("id", "=", record.id)
    .where("status", "=", status)
    .execute();
  return { status: next, message: next === "CHECK_FAILED" ? `${heldReason(built.checks)}（请先修正源数据）` : null };
}

/**
 * The job's 重新校验 of a target's held (待修正) records, the longest-waiting first (up to 100 a run):
 * each is rebuilt from the current data and checked again; one that passes is due at once, one that
 * does not keeps its status with the current reasons. Marked (标记异常) records are left alone.
 */
export async function recheckHeld(db: AnyDb, target: TargetRow, now: string): Promise<number> {
  const held = (await db
    .selectFrom("report_records")
    .selectAll()
    .where("platform_id", "=", target.platform_id)
    .where("target", "=", target.code)
    .where("status", "=", "CHECK_FAILED")
    .where("marked_abnormal", "=", 0)
    .where("superseded_by", "is", null)
    .orderBy("updated_at")
    .limit(100)
    .execute()) as RecordRow[];
  let released = 0;
  for (const row of held) {
    await yieldToRequests();
    const outcome = await inTransaction(db, (trx) => reopenRecord(trx, row, { now }));
    if (outcome.status === "PENDING") released++;
  }
  return released;
}

export const messageLabel = (type: string) => MESSAGE_TYPES[type as MessageType]?.label ?? type;

/** Counts of records by status for a target (对接状态). */
export async function queueOf(db: AnyDb, target: TargetRow): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("report_records")
    .select(["status", sql<number>`count(*)`.as("n")])
    .where("platform_id", "=", target.platform_id)
    .where("target", "=", target.code)
    .where("superseded_by", "is", null)
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

