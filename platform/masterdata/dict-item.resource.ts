/** Dictionary items: platform-wide lists of values, readable by every caller of the platform. */
import { RefusalCode } from "../../contract/envelope.js";
import { DICT_TYPES, dictItem, remarkWithChoice, STARTING_REJECT_REASONS } from "../../contract/resources/dict-item.js";
import type { Field, Options } from "../../contract/resources/kit.js";
import { VEHICLE_CLASSES } from "../../contract/resources/driver.js";
import { NAV_AREAS, SHIP_TYPES } from "../../contract/resources/ship.js";
import type { Db } from "../db/index.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { bindResource, platformScope, type AnyDb } from "../resources/bind.js";

export const dictItemBinding = bindResource(dictItem, {
  table: "dict_items",
  scope: platformScope,
  stamp: "platform",
  hooks: {
    async beforeCreate(trx, scope, values) {
      const taken = await trx.selectFrom("dict_items").select("id").where("platform_id", "=", scope.platformId).where("dict_type", "=", String(values.dict_type)).where("code", "=", String(values.code)).where("deleted_at", "is", null).executeTakeFirst();
      if (taken) throw new Refusal(RefusalCode.illegalState, `${DICT_TYPES[values.dict_type as keyof typeof DICT_TYPES].label}中已有编码 ${String(values.code)}`);
    },
  },
});

/** A vocabulary of the contract as starting dictionary items: the dictionary offers the codes the fields store. */
const itemsOf = (options: Options): Array<[string, string]> => Object.entries(options).map(([code, { label }]) => [code, label]);

const DEMO: Record<keyof typeof DICT_TYPES, Array<[string, string]>> = {
  SHIP_TYPE: itemsOf(SHIP_TYPES),
  NAV_AREA: itemsOf(NAV_AREAS),
  AUDIT_REJECT_REASON: STARTING_REJECT_REASONS.map(([code, label]) => [code, label]),
  VEHICLE_CLASS: itemsOf(VEHICLE_CLASSES),
};

/** The platforms' dictionaries (every platform gets the same starting lists). */
export async function seedDictionaries(db: Db): Promise<void> {
  for (const [dictType, items] of Object.entries(DEMO)) await startDictionary(db.kysely, dictType, items);
}

/**
 * Gives every platform the starting items of `dictType` it lacks (by code; a deleted item stays deleted,
 * a renamed or disabled one as staff left it). Run at start-up for 驳回原因 (an audit cannot reject
 * without one), by migration 0037 for existing databases, and by the demo seed.
 */
export async function startDictionary(db: AnyDb, dictType: string, items: ReadonlyArray<readonly [string, string]>): Promise<void> {
  const at = nowIso();
  const platforms = await db.selectFrom("platforms").select("id").execute();
  const held = await db.selectFrom("dict_items").select(["platform_id", "code"]).where("dict_type", "=", dictType).execute();
  const has = new Set(held.map((r) => `${r.platform_id}:${r.code}`));
  const rows = platforms.flatMap((p) =>
    items.flatMap(([code, label], i) => (has.has(`${p.id}:${code}`) ? [] : [{ platform_id: p.id, tenant_id: null, org_id: null, owner_user_id: null, dict_type: dictType, code, label, sort: i + 1, created_at: at, updated_at: at }])),
  );
  if (rows.length) await db.insertInto("dict_items").values(rows).execute();
}

/**
 * A transition's dictionary choices (Field.dict), in its transaction: each must be an enabled item of
 * the caller's platform; its name then heads the input it goes into (驳回原因 + 补充说明 → 审核意见) and
 * the choice itself is no column. Anything else is refused with the reason, and nothing changes.
 */
export async function foldDictChoices(trx: AnyDb, platformId: string, fields: Readonly<Record<string, Field>>, inputs: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = { ...inputs };
  for (const [key, field] of Object.entries(fields)) {
    if (!field.dict) continue;
    const code = out[key];
    delete out[key];
    if (typeof code !== "string" || !code) {
      if (field.required) throw new HttpError(400, `请选择${field.label}`);
      continue;
    }
    const item = await trx
      .selectFrom("dict_items")
      .select(["code", "label"])
      .where("platform_id", "=", platformId)
      .where("dict_type", "=", field.dict.type)
      .where("code", "=", code)
      .where("enabled", "=", "ENABLED")
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!item) throw new HttpError(400, `${field.label}「${code}」不在字典中或已停用，请重新选择`);
    const text = out[field.dict.into];
    const folded = remarkWithChoice({ code: item.code, label: item.label }, typeof text === "string" ? text : null, field.label);
    if ("error" in folded) throw new HttpError(400, folded.error);
    out[field.dict.into] = folded.remark;
  }
  return out;
}
