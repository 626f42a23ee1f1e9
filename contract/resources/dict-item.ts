/**
 * 字典 (domain 6.10): the platform's lists of values that are data rather than code — ship types,
 * navigation areas, the reasons an auditor picks when rejecting a credential. Read by every caller of
 * the platform (forms need them); maintained by platform staff with SYSTEM_USER_CONFIG.
 */
import { defineResource, f, type RecordOf } from "./kit.js";
import { ENABLE_STATES, EVERYONE, enableToggles } from "./vocabulary.js";

export const DICT_TYPES = {
  SHIP_TYPE: { label: "船舶类型" },
  NAV_AREA: { label: "航区" },
  AUDIT_REJECT_REASON: { label: "驳回原因" },
  VEHICLE_CLASS: { label: "准驾车型" },
} as const;

const SHOWN = { list: true, detail: true, form: true, export: true } as const;

export const dictItem = defineResource({
  key: "dictItem",
  name: "字典项",
  api: "sys-dict-item",
  titleField: "label",
  fields: {
    dictType: f.enumOf("字典类型", DICT_TYPES, { ...SHOWN, form: "create", required: true, filter: "eq" }),
    code: f.text("编码", 32, { ...SHOWN, form: "create", required: true, checks: [[(v) => /^[A-Za-z0-9_]+$/.test(v), "编码只能是字母、数字和下划线"]] }),
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

export type DictItemRecord = RecordOf<typeof dictItem>;
