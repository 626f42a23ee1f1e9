/**
 * 货物 (domain 1.4): an organisation's cargo names with their category (and its ministry code, copied),
 * packaging, unit value (元/吨, for 亏吨扣款) and loss allowance (合理损耗, stored in basis points, shown in ‰).
 */
import { z } from "zod";
import { formatYuan } from "../numbers.js";
import { access, defineResource, f, type Field } from "./kit.js";
import { enableToggles, ENABLE_STATES, EVERYONE, OWNERS } from "./vocabulary.js";

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;

export const PACKAGINGS = {
  BULK: { label: "散装" },
  BAGGED: { label: "袋装" },
  CONTAINER: { label: "集装箱" },
  TON_BAG: { label: "吨袋" },
} as const;

/** 货物单价 ceiling: 10 万元/吨. */
export const MAX_CARGO_PRICE_FEN = 10_000_000;
/** 合理损耗 ceiling: 100 ‰ = 1000 bp. */
export const MAX_LOSS_BP = 1000;

/** 元/吨 instead of 元 on the money field. */
export function pricePerTonne(label: string, o: Parameters<typeof f.moneyFen>[2]): Field<number> {
  const base = f.moneyFen(label, MAX_CARGO_PRICE_FEN, o);
  return { ...base, format: (v) => (v == null ? "" : `${formatYuan(v)} 元/吨`), input: { ...base.input, suffix: "元/吨" } };
}

/** Basis points on the wire and in the column; ‰ with at most one decimal in forms and on screen (3 ‰ = 30 bp). */
export function permille(label: string, o: { detail?: string; list?: boolean; form?: boolean; export?: boolean; hint?: string }): Field<number> {
  const wire = z
    .number({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是整数（万分之一）` })
    .int(`${label}必须是整数（万分之一）`)
    .min(0, `${label}不能为负数`)
    .max(MAX_LOSS_BP, `${label}不能超过 ${MAX_LOSS_BP / 10} ‰`);
  return {
    ...o,
    kind: "int",
    label,
    required: false,
    wire,
    fromForm: (t) => (/^\d{1,3}(\.\d)?$/.test(t.trim()) ? Math.round(Number(t.trim()) * 10) : null),
    formError: `${label}应为千分比，最多 1 位小数`,
    format: (v) => (v == null ? "" : `${v / 10} ‰`),
    toInput: (v) => (v == null ? "" : String(v / 10)),
    input: { type: "text", inputMode: "decimal", suffix: "‰", maxLength: 5 },
  };
}

export const cargo = defineResource({
  key: "cargo",
  name: "货物",
  api: "tms-cargo",
  titleField: "name",
  // 停用 cargo is no longer offered to orders.
  choosable: { enabled: ["ENABLED"] },
  fields: {
    name: f.text("货物名称", 64, { ...BASIC, required: true, sanitize: true, filter: "contains", placeholder: "如 国标三等玉米" }),
    categoryId: f.ref("货物类别", "cargoCategory", "categoryLabel", { detail: false, form: true, required: true, filter: "eq" }),
    categoryName: f.text("货物类别", 16, { list: true, detail: "基本信息", export: true }),
    ministryCode: f.text("部标代码", 4, { list: true, detail: "基本信息", export: true }),
    packaging: f.enumOf("包装方式", PACKAGINGS, { ...BASIC, required: true, filter: "eq" }),
    unitPrice: pricePerTonne("货物单价", { ...BASIC, hint: "货值单价，用于亏吨扣款" }),
    lossAllowanceBp: permille("合理损耗", { ...BASIC, hint: "千分比，如 3 表示 3 ‰" }),
    remark: f.textarea("备注", 200, { detail: "基本信息", form: true }),
  },
  status: {
    field: "enabled",
    label: "状态",
    initial: "ENABLED",
    states: ENABLE_STATES,
    transitions: { ...enableToggles("TMS_RESOURCE_CARGO", OWNERS), disable: { ...enableToggles("TMS_RESOURCE_CARGO", OWNERS).disable!, confirm: "停用后下单时将不能再选择该货物" } },
    editableIn: ["ENABLED", "DISABLED"],
  },
  permissions: access(["TMS_RESOURCE_CARGO"], ["TMS_RESOURCE_CARGO"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  example: {
    as: "ORG_USER",
    body: (n, refs) => ({ name: `国标三等玉米${n}`, categoryId: refs.cargoCategory, packaging: "BULK", unitPrice: 265_000, lossAllowanceBp: 30 }),
  },
  defaultSort: ["createdTime", "desc"],
});

