/**
 * 货物类别 (domain 6.16): the platform's dictionary of cargo categories, a tree of our names under the
 * ministry's 部标货物类型代码 (粮食 1100 → 玉米, 小麦 …). Everyone reads it (cargo forms pick from it);
 * platform staff with SYSTEM_USER_CONFIG maintain it (its page, /system/relationList, comes later).
 */
import { CARGO_CLASS_LIST, inList } from "../code-lists.js";
import { access, defineResource, f } from "./kit.js";
import { enableToggles, ENABLE_STATES, EVERYONE } from "./vocabulary.js";

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;

export const cargoCategory = defineResource({
  key: "cargoCategory",
  name: "货物类别",
  api: "tms-cargo-category",
  titleField: "name",
  fields: {
    name: f.text("类别名称", 16, { ...BASIC, required: true, sanitize: true, filter: "contains" }),
    parentId: f.ref("上级类别", "cargoCategory", "parentName", { ...BASIC, filter: "eq" }),
    ministryCode: f.text("部标代码", 4, { ...BASIC, required: true, checks: [[(v) => inList(CARGO_CLASS_LIST, v), "部标代码应为货物类型分类代码表中的 4 位代码，如 1100 粮食、1700 其他"]], hint: "部标货物类型分类代码，下级类别沿用上级的代码" }),
    sort: f.int("排序", 0, 9999, { ...BASIC }),
    remark: f.text("备注", 200, { detail: "基本信息", form: true }),
  },
  status: {
    field: "enabled",
    label: "状态",
    initial: "ENABLED",
    states: ENABLE_STATES,
    transitions: enableToggles("SYSTEM_USER_CONFIG", ["SYSTEM_USER"]),
    editableIn: ["ENABLED", "DISABLED"],
  },
  permissions: access([], ["SYSTEM_USER_CONFIG"], ["create", "update", "delete"], ["SYSTEM_USER_CONFIG"]),
  kinds: { read: EVERYONE, write: ["SYSTEM_USER"] },
  example: {
    as: "SYSTEM_USER",
    body: (n) => ({ name: `测试类别${n}`.slice(0, 16), ministryCode: "1700", sort: n % 9999 }),
  },
  defaultSort: ["sort", "asc"],
});

