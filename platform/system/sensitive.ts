/**
 * The sensitive-word filter (domain 6.14), written once: `screenText` checks one text against the
 * platform's enabled words — a BLOCK word refuses the write with 400 “<字段>包含敏感词「…」”, a MASK word
 * is replaced by asterisks — and `screenFields` applies it to every field of a body marked `screen` in
 * its resource definition (the engine runs it on create, update and transition inputs). Hand-written
 * writes (appeal explanations, driver comments) call `screenText` for their free text.
 */
import type { Field } from "../../contract/resources/kit.js";
import { HttpError } from "../http/envelope.js";
import type { AnyDb } from "../resources/bind.js";

interface Word {
  key: string;
  exact: boolean;
  block: boolean;
}

/** The enabled words of a platform (read per write: the list is small and changes take effect at once). */
async function wordsOf(db: AnyDb, platformId: string): Promise<Word[]> {
  const rows = await db.selectFrom("sensitive_words").select(["word_key", "match_mode", "action"]).where("platform_id", "=", platformId).where("enabled", "=", "ENABLED").where("deleted_at", "is", null).execute();
  return rows.map((r) => ({ key: String(r.word_key), exact: r.match_mode === "EXACT", block: r.action === "BLOCK" }));
}

export const wordKey = (word: string) => word.trim().toLowerCase();

/** Every occurrence of `key` in `text`, case-insensitively, replaced by as many asterisks. */
function maskAll(text: string, key: string): string {
  const lower = text.toLowerCase();
  let out = "";
  let at = 0;
  for (let i = lower.indexOf(key); i >= 0; i = lower.indexOf(key, i + key.length)) {
    out += text.slice(at, i) + "*".repeat(key.length);
    at = i + key.length;
  }
  return out + text.slice(at);
}

function applyWords(words: readonly Word[], label: string, text: string): string {
  let result = text;
  for (const word of words) {
    const lower = result.toLowerCase();
    const hit = word.exact ? lower.trim() === word.key : lower.includes(word.key);
    if (!hit) continue;
    if (word.block) throw new HttpError(400, `${label}包含敏感词「${result.slice(lower.indexOf(word.key), lower.indexOf(word.key) + word.key.length)}」，请修改后再提交`);
    result = maskAll(result, word.key);
  }
  return result;
}

/** The text as it may be stored (MASK words starred), or a 400 naming the field and the BLOCK word. */
export async function screenText(db: AnyDb, platformId: string, label: string, text: string): Promise<string> {
  const words = await wordsOf(db, platformId);
  return applyWords(words, label, text);
}

/** Screens each `screen` field present in `body` (given the fields it may carry); returns the body to store. */
export async function screenFields(db: AnyDb, platformId: string, fields: Record<string, Field>, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const marked = Object.entries(fields).filter(([key, field]) => field.screen && typeof body[key] === "string");
  if (marked.length === 0) return body;
  const words = await wordsOf(db, platformId);
  if (words.length === 0) return body;
  const out = { ...body };
  for (const [key, field] of marked) out[key] = applyWords(words, field.label, String(body[key]));
  return out;
}
