/**
 * 字典 (domain 6.10): the platform's lists of values that are data rather than code — ship types,
 * navigation areas, the reasons an auditor picks when rejecting a credential. Read by every caller of
 * the platform (forms need them); maintained by platform staff with SYSTEM_USER_CONFIG.
 */
import { defineResource, DICT_CODE, f } from "./kit.js";
import { ENABLE_STATES, EVERYONE, enableToggles } from "./vocabulary.js";

export const DICT_TYPES = {
  SHIP_TYPE: { label: "船舶类型" },
  NAV_AREA: { label: "航区" },
  AUDIT_REJECT_REASON: { label: "驳回原因" },
  VEHICLE_CLASS: { label: "准驾车型" },
} as const;

/**
 * The 驳回原因 every platform starts with (an auditor's 驳回 of a 证照 or of an audited subject picks one,
 * with optional 补充说明). Platform staff keep the list on 船舶配置 (字典类型 驳回原因): add, rename,
 * disable. Written into a platform's dictionary when it has none of the type (start-up, migration 0037,
 * demo seed).
 */
export const STARTING_REJECT_REASONS: ReadonlyArray<readonly [code: string, label: string]> = [
  ["BLURRY", "证件照片模糊"],
  ["EXPIRED", "证件已过期"],
  ["MISMATCH", "证件信息与填写不一致"],
  ["MISSING_BACK", "缺少证件背面"],
  ["INCOMPLETE", "证件不完整或被遮挡"],
  ["NOT_OWN", "非本人证件"],
  ["WRONG_TYPE", "证件类型不符"],
  ["OTHER", "其他"],
];

/** The item whose choice says nothing by itself: 其他 needs the 补充说明. */
export const DICT_NEEDS_TEXT = "OTHER";

/**
 * A dictionary choice and the free text written after it as one remark (「证件照片模糊：背面看不清」),
 * or the reason it cannot be: 其他 without text. The platform runs it on every 驳回.
 */
export function remarkWithChoice(choice: { code: string; label: string }, text: string | null | undefined, label: string): { remark: string } | { error: string } {
  const free = (text ?? "").trim();
  if (!free && choice.code === DICT_NEEDS_TEXT) return { error: `${label}选择「${choice.label}」时请填写补充说明` };
  return { remark: free ? `${choice.label}：${free}` : choice.label };
}

const SHOWN = { list: true, detail: true, form: true, export: true } as const;

export const dictItem = defineResource({
  key: "dictItem",
  name: "字典项",
  api: "sys-dict-item",
  titleField: "label",
  fields: {
    dictType: f.enumOf("字典类型", DICT_TYPES, { ...SHOWN, form: "create", required: true, filter: "eq" }),
    code: f.text("编码", 32, { ...SHOWN, form: "create", required: true, checks: [[(v) => DICT_CODE.test(v), "编码只能是字母、数字和下划线"]] }),
    label: f.text("名称", 64, { ...SHOWN, required: true, filter: "contains" }),
    sort: f.int("排序", 0, 9999, { ...SHOWN }),
    remark: f.text("备注", 200, { detail: true, form: true }),
  },
  status: { field: "enabled", label: "状态", initial: "ENABLED", states: ENABLE_STATES, transitions: enableToggles("SYSTEM_USER_CONFIG", ["SYSTEM_USER"]), editableIn: ["ENABLED", "DISABLED"] },
  permissions: { list: [], detail: [], create: ["SYSTEM_USER_CONFIG"], update: ["SYSTEM_USER_CONFIG"], delete: ["SYSTEM_USER_CONFIG"], export: [] },
  kinds: { read: EVERYONE, write: ["SYSTEM_USER"] },
  defaultSort: ["sort", "asc"],
  example: { as: "SYSTEM_USER", body: (n) => ({ dictType: "AUDIT_REJECT_REASON", code: `TEST_${n}`, label: `测试原因${n}`, sort: n % 9999 }) },
});

