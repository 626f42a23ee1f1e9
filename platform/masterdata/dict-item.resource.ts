/** Dictionary items: platform-wide lists of values, readable by every caller of the platform. */
import { RefusalCode } from "../../contract/envelope.js";
import { DICT_TYPES, dictItem } from "../../contract/resources/dict-item.js";
import type { Db } from "../db/index.js";
import { nowIso } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, platformScope } from "../resources/bind.js";

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

const DEMO: Record<keyof typeof DICT_TYPES, Array<[string, string]>> = {
  SHIP_TYPE: [["BULK", "散货船"], ["DRY", "干货船"], ["CONTAINER", "集装箱船"], ["DECK_BARGE", "甲板驳"], ["SAND", "自卸砂船"], ["TANKER", "油船"]],
  NAV_AREA: [["A", "A级航区"], ["B", "B级航区"], ["C", "C级航区"], ["J1", "J1级航段"], ["J2", "J2级航段"], ["COASTAL", "沿海"]],
  AUDIT_REJECT_REASON: [["BLURRY", "照片模糊"], ["EXPIRED", "证件过期"], ["MISMATCH", "信息不一致"], ["NOT_OWN", "非本人证件"], ["INCOMPLETE", "资料不全"]],
  VEHICLE_CLASS: [["A1", "A1"], ["A2", "A2"], ["A3", "A3"], ["B1", "B1"], ["B2", "B2"], ["C1", "C1"], ["C2", "C2"]],
};

/** The platforms' dictionaries (every platform gets the same starting lists). */
export async function seedDictionaries(db: Db): Promise<void> {
  const at = nowIso();
  const platforms = await db.kysely.selectFrom("platforms").select("id").execute();
  const rows = platforms.flatMap((p) =>
    Object.entries(DEMO).flatMap(([dictType, items]) => items.map(([code, label], i) => ({ platform_id: p.id, tenant_id: null, org_id: null, owner_user_id: null, dict_type: dictType, code, label, sort: i + 1, created_at: at, updated_at: at }))),
  );
  await db.kysely.insertInto("dict_items").values(rows).execute();
}
