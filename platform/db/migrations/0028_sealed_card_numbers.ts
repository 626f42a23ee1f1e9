import type { Migration } from "kysely";
import { maskCardNo } from "../../ledger/card-crypto.js";
import { rewriteColumn, sealCards } from "../../submission/card-field.js";
import type { DialectName } from "../index.js";

/**
 * Bank card numbers of 资金流水单 were kept in clear: seal them in the stored payloads and
 * mask them in the excerpts of the requests already sent (platform/submission/card-field.ts). Walks the
 * rows that name a ReceiptAccount in pages, so a large history does not load at once.
 */
const EXCERPT_CARD = /("ReceiptAccount":")([^"]*)(")/g;

export function sealedCardNumbersMigration(_dialect: DialectName): Migration {
  return {
    async up(db) {
      await rewriteColumn(db, "report_records", "payload", (text) => JSON.stringify(sealCards(JSON.parse(text) as unknown)), "%ReceiptAccount%");
      await rewriteColumn(db, "report_attempts", "request_excerpt", (text) => text.replace(EXCERPT_CARD, (_m, open: string, card: string, close: string) => `${open}${card.includes("*") ? card : maskCardNo(card)}${close}`), "%ReceiptAccount%");
    },
    async down() {
      // Sealed numbers stay sealed: nothing to undo.
    },
  };
}
