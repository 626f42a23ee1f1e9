/**
 * Bank card numbers inside submission payloads (数据报送, domain 8.5 Financiallist.ReceiptAccount): stored
 * sealed (`enc:` + the card-key encryption of platform/ledger/card-crypto.ts) in report_records, revealed
 * only in the request sent to the provincial endpoint, and masked (6222 **** **** 1234) wherever a payload
 * or a sent request is kept or shown.
 */
import { decryptCardNo, encryptCardNo, maskCardNo } from "../ledger/card-crypto.js";

/** Payload keys that hold a card number. */
const CARD_KEYS = new Set(["ReceiptAccount"]);
const SEALED = "enc:";

const isSealed = (value: string) => value.startsWith(SEALED);
const clear = (value: string) => (isSealed(value) ? decryptCardNo(value.slice(SEALED.length)) : value);

/** A card number as the payload stores it (sealing twice keeps it sealed once). */
export const sealCardNo = (cardNo: string) => (isSealed(cardNo) ? cardNo : `${SEALED}${encryptCardNo(cardNo)}`);

/** A copy of `value` with every card number passed through `change` (payloads are our own, a few levels deep). */
function mapCards(value: unknown, change: (cardNo: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapCards(item, change));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, CARD_KEYS.has(key) && typeof item === "string" ? change(item) : mapCards(item, change)]));
}

export const sealCards = <T>(payload: T) => mapCards(payload, sealCardNo) as T;
/** For the request to the provincial endpoint only: never store or log the result. */
export const revealCards = <T>(payload: T) => mapCards(payload, clear) as T;
export const maskCards = <T>(payload: T) => mapCards(payload, (v) => maskCardNo(clear(v))) as T;
