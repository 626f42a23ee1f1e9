/** Bank card numbers at rest (domain 5.5): sealed under TMS_CARD_KEY (platform/db/sealed.ts), with a keyed hash for uniqueness. */
import { sealer } from "../db/sealed.js";

const cards = sealer({ seal: ["TMS_CARD_KEY", "tms-development-card-key"] });

export const encryptCardNo = (cardNo: string) => cards.seal(cardNo);
export const decryptCardNo = (stored: string) => cards.open(stored);
export const cardHash = (cardNo: string) => cards.hash(cardNo);

/** A key of its own for another secret kept only as a keyed hash (an invitation code), derived from the same TMS_CARD_KEY. */
export const derivedKey = (purpose: string) => cards.derive(purpose);

/** A card number as shown anywhere (domain 5.5): 6222 **** **** 1234; short or odd values keep only their last 4. */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\s/g, "");
  if (digits.length >= 12) return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
  return `**** ${digits.slice(-4)}`;
}
