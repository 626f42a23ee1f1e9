/**
 * 集装箱 / 还箱动态 (domain 3.9): a container picked up for an order's cargo, its movements (装箱, 进港,
 * 拆箱) and its return before the free-use deadline; after the deadline it is 已超期 and the return
 * charges 超期费 per started day.
 */
import { access, defineResource, f, type Options } from "./kit.js";
import { EVERYONE } from "./vocabulary.js";

const LETTER_VALUES: Record<string, number> = {};
{
  let value = 10;
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (value % 11 === 0) value++;
    LETTER_VALUES[letter] = value++;
  }
}

/** ISO 6346: 3-letter owner code + equipment category (U/J/Z) + 6 digits + the check digit. */
export function isContainerNo(no: string): boolean {
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(no)) return false;
  const sum = [...no.slice(0, 10)].reduce((acc, ch, i) => acc + (LETTER_VALUES[ch] ?? Number(ch)) * 2 ** i, 0);
  return (sum % 11) % 10 === Number(no[10]);
}

/** The check digit that completes a 10-character prefix (seed and tests). */
export function containerCheckDigit(prefix: string): string {
  const sum = [...prefix].reduce((acc, ch, i) => acc + (LETTER_VALUES[ch] ?? Number(ch)) * 2 ** i, 0);
  return String((sum % 11) % 10);
}

export const CONTAINER_STATES = {
  IN_USE: { label: "用箱中", tone: "info" },
  OVERDUE: { label: "已超期", tone: "error" },
  RETURNED: { label: "已还箱", tone: "success" },
} as const satisfies Options;
export type ContainerState = keyof typeof CONTAINER_STATES;
const OUT = ["IN_USE", "OVERDUE"] as const satisfies readonly ContainerState[];

export const CONTAINER_SIZES = {
  "20GP": { label: "20英尺普通箱（20GP）" },
  "40GP": { label: "40英尺普通箱（40GP）" },
  "40HQ": { label: "40英尺高箱（40HQ）" },
  "45HQ": { label: "45英尺高箱（45HQ）" },
  "20TK": { label: "20英尺罐箱（20TK）" },
} as const satisfies Options;
export const CONTAINER_EVENTS = { PICKUP: { label: "提箱" }, LOADED: { label: "装箱" }, GATE_IN: { label: "进港" }, UNLOADED: { label: "拆箱" }, RETURN: { label: "还箱" } } as const satisfies Options;

export const MAX_FREE_DAYS = 90;
export const MAX_DEMURRAGE_FEN = 1_000_000;
const DAY_MS = 86_400_000;

/** 还箱截止 = 提箱时间 + 免费用箱天数. */
export const returnDeadline = (pickedAt: string, freeDays: number) => new Date(Date.parse(pickedAt) + freeDays * DAY_MS).toISOString();
/** Started days past the deadline (0 when returned in time). */
export const overdueDays = (deadline: string, at: string) => Math.max(0, Math.ceil((Date.parse(at) - Date.parse(deadline)) / DAY_MS));

const BOX = { list: true, detail: "箱信息", export: true } as const;
const USE = { detail: "用箱", export: true } as const;
const place = (label: string) => f.text(label, 64, { required: true, sanitize: true });
const at = (label: string) => f.datetime(label, { required: true });

export const container = defineResource({
  key: "container",
  name: "集装箱",
  api: "tms-container",
  titleField: "containerNo",
  fields: {
    containerNo: f.text("箱号", 11, { ...BOX, form: "create", required: true, filter: "contains", normalise: (v) => v.toUpperCase().replace(/\s+/g, ""), checks: [[isContainerNo, "箱号应为 4 位字母加 7 位数字，且校验位正确（ISO 6346）"]], placeholder: "如 CSQU3054383" }),
    sizeType: f.enumOf("箱型", CONTAINER_SIZES, { ...BOX, form: true, required: true, filter: "eq" }),
    sealNo: f.text("铅封号", 20, { detail: "箱信息", form: true, export: true, sanitize: true }),
    carrierLine: f.text("箱属/船公司", 64, { detail: "箱信息", form: true, export: true, sanitize: true }),
    orderId: f.ref("订单", "activeOrder", "orderLabel", { form: "create", required: true, hint: "调度中或已调度的订单" }),
    orderNo: f.text("订单号", 32, { ...USE, list: true }),
    freightNo: f.text("运单号", 32, { ...USE, list: true, form: true, hint: "该订单的运单，选填" }),
    pickupYard: f.text("提箱堆场", 64, { ...USE, list: true, form: true, required: true, sanitize: true }),
    pickedAt: f.datetime("提箱时间", { ...USE, list: true, form: true, required: true }),
    freeDays: f.int("免费用箱天数", 0, MAX_FREE_DAYS, { ...USE, form: true, required: true, unit: "天" }),
    returnDeadline: f.datetime("还箱截止", { ...USE, list: true, filter: "range" }),
    returnYard: f.text("还箱堆场", 64, { ...USE, list: true, form: true, required: true, sanitize: true }),
    demurragePerDay: f.moneyFen("超期费/天", MAX_DEMURRAGE_FEN, { ...USE, form: true, hint: "选填，还箱时按超期天数计算超期费" }),
    lastEvent: f.enumOf("最新动态", CONTAINER_EVENTS, { list: true, detail: "动态", export: true }),
    lastEventPlace: f.text("动态地点", 64, { detail: "动态", export: true }),
    lastEventAt: f.datetime("动态时间", { detail: "动态", export: true }),
    returnedAt: f.datetime("还箱时间", { list: true, detail: "还箱", export: true }),
    overdueDays: f.int("超期天数", 0, 100_000, { list: true, detail: "还箱", export: true, unit: "天" }),
    demurrageAmount: f.moneyFen("超期费", MAX_DEMURRAGE_FEN * 100_000, { list: true, detail: "还箱", export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "IN_USE",
    states: CONTAINER_STATES,
    editableIn: OUT,
    deletableIn: [],
    transitions: {
      load: { label: "登记装箱", from: OUT, to: "IN_USE", permission: "TMS_CONTAINER_RETURN", kinds: EVERYONE, input: { lastEventPlace: place("装箱地点"), lastEventAt: at("装箱时间") } },
      gateIn: { label: "登记进港", from: OUT, to: "IN_USE", permission: "TMS_CONTAINER_RETURN", kinds: EVERYONE, input: { lastEventPlace: place("进港港口"), lastEventAt: at("进港时间") } },
      unpack: { label: "登记拆箱", from: OUT, to: "IN_USE", permission: "TMS_CONTAINER_RETURN", kinds: EVERYONE, input: { lastEventPlace: place("拆箱地点"), lastEventAt: at("拆箱时间") } },
      giveBack: { label: "登记还箱", from: OUT, to: "RETURNED", permission: "TMS_CONTAINER_RETURN", kinds: EVERYONE, tone: "primary", input: { returnYard: place("还箱堆场"), returnedAt: at("还箱时间") } },
    },
  },
  permissions: access(["TMS_CONTAINER_RETURN", "TMS_FREIGHT_DISPATCH", "TMS_ORDER_ADD"], ["TMS_CONTAINER_RETURN"], ["create", "update"], ["TMS_CONTAINER_RETURN", "TMS_ORDER_EXPORT"]),
  kinds: { read: EVERYONE, write: EVERYONE },
  keyword: { label: "箱号/订单号/运单号", fields: ["containerNo", "orderNo", "freightNo"] },
  createdFilter: "登记时间",
  example: {
    as: "ORG_USER",
    body: (n, refs) => {
      const prefix = `TST${"UJZ"[n % 3]}${String(n % 1_000_000).padStart(6, "0")}`;
      return {
        containerNo: `${prefix}${containerCheckDigit(prefix)}`,
        sizeType: "20GP",
        orderId: refs.activeOrder,
        pickupYard: "芜湖港集装箱堆场",
        // Whole minutes: the form's datetime-local reads it back unchanged.
        pickedAt: new Date(Math.floor((Date.now() - 2 * DAY_MS) / 60_000) * 60_000).toISOString(),
        freeDays: 7,
        returnYard: "芜湖港集装箱堆场",
      };
    },
  },
  defaultSort: ["createdTime", "desc"],
});
