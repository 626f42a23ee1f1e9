/**
 * Bank card and ID numbers inside submission payloads (数据报送, domain 8.5: Financiallist.ReceiptAccount,
 * the drivers' and captains' DrivingLicense / IdentityDocumentNumber / QualificationCertificate and the
 * waybill's ActualCarrierID): stored sealed (`enc:` + the card-key encryption of
 * platform/ledger/card-crypto.ts, or the ID-key one of platform/db/personal.ts) in report_records,
 * revealed only in the request sent to the provincial endpoint, and masked (6222 **** **** 1234,
 * 3401**********0316) wherever a payload, its check lines or a sent request is kept or shown.
 */
import type { Kysely } from "kysely";
import { maskIdNo } from "../../contract/personal.js";
import { isIdCardNo } from "../../contract/validation.js";
import type { CheckLine } from "../../contract/submission.js";
import { decryptCardNo, encryptCardNo, maskCardNo } from "../ledger/card-crypto.js";
import { openIdNo, resealIdNo, sealIdNo } from "../db/personal.js";

const SEALED = "enc:";
const isSealed = (value: string) => value.startsWith(SEALED);

interface Sealing {
  seal(clear: string): string;
  open(stored: string): string;
  mask(clear: string): string;
}

const CARD: Sealing = {
  seal: (v) => (isSealed(v) ? v : `${SEALED}${encryptCardNo(v)}`),
  open: (v) => (isSealed(v) ? decryptCardNo(v.slice(SEALED.length)) : v),
  mask: maskCardNo,
};
const ID: Sealing = { seal: sealIdNo, open: openIdNo, mask: maskIdNo };

/** Payload keys that hold a card or an ID number. */
const SEALED_KEYS: Record<string, Sealing> = { ReceiptAccount: CARD, DrivingLicense: ID, IdentityDocumentNumber: ID, QualificationCertificate: ID, ActualCarrierID: ID };

/** A card number as the payload stores it (sealing twice keeps it sealed once). */
export const sealCardNo = CARD.seal;

/** A copy of `value` with every sealed-key string passed through `change` (payloads are our own, a few levels deep). */
function mapSealed(value: unknown, change: (how: Sealing, stored: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapSealed(item, change));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SEALED_KEYS[key] && typeof item === "string" ? change(SEALED_KEYS[key], item) : mapSealed(item, change)]));
}

export const sealCards = <T>(payload: T) => mapSealed(payload, (how, v) => how.seal(v)) as T;
/** For the request to the provincial endpoint and the checks before it only: never store or log the result. */
export const revealCards = <T>(payload: T) => mapSealed(payload, (how, v) => how.open(v)) as T;
/** A stored payload (JSON text) with its ID numbers re-sealed under the current TMS_ID_KEY, or null when none needed it (`rotateIdKey`). */
export function resealPayloadIds(text: string): string | null {
  let changed = false;
  const next = mapSealed(JSON.parse(text) as unknown, (how, v) => {
    const resealed = how === ID ? resealIdNo(v) : null;
    if (resealed === null) return v;
    changed = true;
    return resealed;
  });
  return changed ? JSON.stringify(next) : null;
}

export const maskCards = <T>(payload: T) => mapSealed(payload, (how, v) => how.mask(how.open(v))) as T;

/** Check lines as stored and shown: the value of a sealed field masked. */
export const maskCheckLines = (checks: CheckLine[]) =>
  checks.map((line) => {
    const how = SEALED_KEYS[line.ministryField.split(".").at(-1)!];
    return how && line.value && !line.value.includes("*") ? { ...line, value: how.mask(how.open(line.value)) } : line;
  });

const EXCERPT_FIELD = new RegExp(`("(${Object.keys(SEALED_KEYS).join("|")})":")([^"]*)(")`, "g");
/** A sent request's excerpt (cut at 2,000 characters, so not always JSON) with its card and ID numbers masked. */
export const maskExcerpt = (text: string) => text.replace(EXCERPT_FIELD, (_m, open: string, key: string, value: string, close: string) => `${open}${value.includes("*") ? value : SEALED_KEYS[key]!.mask(SEALED_KEYS[key]!.open(value))}${close}`);

const PAGE = 500;

/** Rewrites one text column of a submission table through `change`, a page of rows at a time. */
export async function rewriteColumn(db: Kysely<unknown>, table: "report_records" | "report_attempts", column: "payload" | "check_result" | "biz_no" | "request_excerpt", change: (text: string) => string, like?: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = db as Kysely<any>;
  let after = 0;
  for (;;) {
    let query = k.selectFrom(table).select(["id", column]).where("id", ">", after).where(column, "is not", null);
    if (like) query = query.where(column, "like", like);
    const rows = (await query.orderBy("id").limit(PAGE).execute()) as Array<Record<string, unknown>>;
    for (const row of rows) {
      const text = String(row[column]);
      const next = change(text);
      if (next !== text) await k.updateTable(table).set({ [column]: next }).where("id", "=", row.id).execute();
    }
    if (rows.length < PAGE) return;
    after = Number(rows.at(-1)!.id);
  }
}

/** Seals the card and ID numbers of every stored payload and masks them in check lines, business numbers and excerpts. */
export async function sealStoredReports(db: Kysely<unknown>): Promise<void> {
  await rewriteColumn(db, "report_records", "payload", (text) => JSON.stringify(sealCards(JSON.parse(text) as unknown)));
  await rewriteColumn(db, "report_records", "check_result", (text) => JSON.stringify(maskCheckLines(JSON.parse(text) as CheckLine[])));
  await rewriteColumn(db, "report_records", "biz_no", (text) => (isIdCardNo(text) ? maskIdNo(text) : text));
  await rewriteColumn(db, "report_attempts", "request_excerpt", maskExcerpt);
}
