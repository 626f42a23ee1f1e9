import type { Kysely, Migration } from "kysely";
import { maskCardNo } from "../../ledger/card-crypto.js";
import { sealCards } from "../../submission/card-field.js";
import type { DialectName } from "../index.js";

/**
 * Bank card numbers of 资金流水单 were kept in clear: seal them in the stored payloads and
 * mask them in the excerpts of the requests already sent (platform/submission/card-field.ts). Walks the
 * rows that name a ReceiptAccount in pages, so a large history does not load at once.
 */
const PAGE = 500;
const EXCERPT_CARD = /("ReceiptAccount":")([^"]*)(")/g;

async function rewrite(db: Kysely<unknown>, table: "report_records" | "report_attempts", column: "payload" | "request_excerpt", change: (text: string) => string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = db as Kysely<any>;
  let after = 0;
  for (;;) {
    const rows = (await k.selectFrom(table).select(["id", column]).where("id", ">", after).where(column, "like", "%ReceiptAccount%").orderBy("id").limit(PAGE).execute()) as Array<Record<string, unknown>>;
    for (const row of rows) {
      const text = String(row[column]);
      const next = change(text);
      if (next !== text) await k.updateTable(table).set({ [column]: next }).where("id", "=", row.id).execute();
    }
    if (rows.length < PAGE) return;
    after = Number(rows.at(-1)!.id);
  }
}

export function sealedCardNumbersMigration(_dialect: DialectName): Migration {
  return {
    async up(db) {
      await rewrite(db, "report_records", "payload", (text) => JSON.stringify(sealCards(JSON.parse(text) as unknown)));
      await rewrite(db, "report_attempts", "request_excerpt", (text) => text.replace(EXCERPT_CARD, (_m, open: string, card: string, close: string) => `${open}${card.includes("*") ? card : maskCardNo(card)}${close}`));
    },
    async down() {
      // Sealed numbers stay sealed: nothing to undo.
    },
  };
}
