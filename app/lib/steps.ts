/**
 * The waybill steps as the dispatch work queues take them: what each step is called, what it needs
 * from the form, which platform path takes it, and which queue page lists the waybills waiting for
 * it. Which statuses and kinds of account may take a step is the status machine's
 * (contract/freight-steps.ts), read here, never restated. Pure and isomorphic: the same form rules
 * run in the browser (inline, with JavaScript) and in the page's action, before the platform checks
 * them again.
 */
import { z } from "zod";
import { FREIGHT_STEPS, canTake, type FreightStep } from "../../contract/freight-steps";
import { FREIGHT_LIMITS, FREIGHT_STATUS_LABELS, type FreightRecord, type FreightStatus, type FreightWay } from "../../contract/freight";
import { chinaLocalInput, chinaLocalToIso, kgToTonnesInput, tonnesToKg } from "../../contract/units";
import { tonnesPlain } from "../../contract/numbers";
import { isStoredUrl } from "../../contract/validation";

export { chinaLocalToIso, kgToTonnesInput, tonnesToKg };

/** An instant as a datetime-local value in China Standard Time, to the minute. */
export function isoToChinaLocal(instant: string | Date): string {
  return chinaLocalInput(typeof instant === "string" ? instant : instant.toISOString());
}

// ---------------------------------------------------------------------------------------------
// Steps

export const STEP_ACTION_KEYS = ["LOADING", "LOADING_UPDATE", "UNLOADING", "SIGN", "REVIEW", "FLEET_CONFIRM", "COMPLETE"] as const;
export type StepActionKey = (typeof STEP_ACTION_KEYS)[number];

export const isStepAction = (value: unknown): value is StepActionKey => (STEP_ACTION_KEYS as readonly unknown[]).includes(value);

export type StepFieldName = "loadedWeight" | "pickupWeight" | "loadingTime" | "weighTicketUrl" | "unloadedWeight" | "unloadingTime" | "remark" | "reason";

export interface StepField {
  name: StepFieldName;
  label: string;
  /** `document`: an uploaded file (磅单), through the one document widget; the value its `/files/<id>`. */
  kind: "tonnes" | "datetime" | "text" | "textarea" | "document";
  required: boolean;
  placeholder?: string;
  hint?: string;
}

export interface StepActionSpec extends FreightStep {
  key: StepActionKey;
  /** What the step is called (装货, 修正装货, …). */
  label: string;
  submitLabel: string;
  platformPath: string;
  fields: readonly StepField[];
}

/** A step as the console offers it: its labels and form, and the machine's from / to / actors. */
const step = (key: StepActionKey, spec: Omit<StepActionSpec, "key" | keyof FreightStep>): StepActionSpec => ({ key, ...FREIGHT_STEPS[key], ...spec });

const remarkField: StepField = { name: "remark", label: "备注", kind: "textarea", required: false, placeholder: "选填，最多 200 字" };

export const STEP_ACTIONS: Record<StepActionKey, StepActionSpec> = {
  LOADING: step("LOADING", {
    label: "装货",
    submitLabel: "确认装货",
    platformPath: "/tms-freight/loading",
    fields: [
      { name: "loadedWeight", label: "装货重量", kind: "tonnes", required: true, placeholder: "如 35.5" },
      { name: "pickupWeight", label: "提货重量", kind: "tonnes", required: false, hint: "提货单上的重量，不填则与装货重量相同" },
      { name: "loadingTime", label: "装货时间", kind: "datetime", required: false, hint: "北京时间；不填则为提交时间" },
      { name: "weighTicketUrl", label: "装货磅单", kind: "document", required: true },
    ],
  }),
  LOADING_UPDATE: step("LOADING_UPDATE", {
    label: "修正装货",
    submitLabel: "保存修正",
    platformPath: "/tms-freight/loadingUpdate",
    fields: [
      { name: "loadedWeight", label: "装货重量", kind: "tonnes", required: false, hint: "只填要修正的项" },
      { name: "pickupWeight", label: "提货重量", kind: "tonnes", required: false },
      { name: "loadingTime", label: "装货时间", kind: "datetime", required: false, hint: "北京时间" },
      { name: "weighTicketUrl", label: "装货磅单", kind: "document", required: false, hint: "上传新的磅单将替换原磅单" },
      { name: "reason", label: "修正原因", kind: "textarea", required: true, placeholder: "必填，最多 200 字" },
    ],
  }),
  UNLOADING: step("UNLOADING", {
    label: "卸货",
    submitLabel: "确认卸货",
    platformPath: "/tms-freight/unLoading",
    fields: [
      { name: "unloadedWeight", label: "卸货重量", kind: "tonnes", required: true, hint: "最多超出装货重量 1%" },
      { name: "unloadingTime", label: "卸货时间", kind: "datetime", required: false, hint: "北京时间；不填则为提交时间" },
      { name: "weighTicketUrl", label: "卸货磅单", kind: "document", required: true },
    ],
  }),
  SIGN: step("SIGN", {
    label: "签收",
    submitLabel: "确认签收",
    platformPath: "/tms-freight/sign",
    fields: [remarkField],
  }),
  REVIEW: step("REVIEW", {
    label: "审核",
    submitLabel: "审核通过",
    platformPath: "/tms-freight/review",
    fields: [remarkField],
  }),
  FLEET_CONFIRM: step("FLEET_CONFIRM", {
    label: "车队确认",
    submitLabel: "确认运单",
    platformPath: "/tms-freight/fleet-confirm",
    fields: [remarkField],
  }),
  COMPLETE: step("COMPLETE", {
    label: "完成",
    submitLabel: "完成运单",
    platformPath: "/tms-freight/complete",
    fields: [remarkField],
  }),
};

// ---------------------------------------------------------------------------------------------
// Queues

export const QUEUE_KEYS = ["loading", "delivery", "sign", "confirm", "waterloading", "waterdelivery", "watersign"] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];

export interface QueueTab {
  key: string;
  label: string;
  /** The waybills the tab lists. */
  statuses: readonly FreightStatus[];
}

export interface QueueSpec {
  key: QueueKey;
  path: string;
  title: string;
  /** null: both ways (the platform still hides water from users who may not see it). */
  freightWay: FreightWay | null;
  /** The first tab lists what the queue is for; later ones list waybills for its secondary steps. */
  tabs: readonly QueueTab[];
  actions: readonly StepActionKey[];
}

const loadingQueue = (key: QueueKey, title: string, freightWay: FreightWay): QueueSpec => ({
  key,
  path: `/dispatchManage/${key}`,
  title,
  freightWay,
  tabs: [
    { key: "wait", label: "待装货", statuses: ["WAIT_LOADING"] },
    { key: "loaded", label: "已装货（可修正）", statuses: ["IN_TRANSIT", "UNLOADED"] },
  ],
  actions: ["LOADING", "LOADING_UPDATE"],
});

const singleQueue = (key: QueueKey, title: string, freightWay: FreightWay | null, label: string, action: StepActionKey): QueueSpec => ({
  key,
  path: `/dispatchManage/${key}`,
  title,
  freightWay,
  tabs: [{ key: "wait", label, statuses: STEP_ACTIONS[action].from }],
  actions: [action],
});

export const QUEUES: Record<QueueKey, QueueSpec> = {
  loading: loadingQueue("loading", "装货", "ROAD"),
  delivery: singleQueue("delivery", "卸货", "ROAD", "运输中", "UNLOADING"),
  sign: singleQueue("sign", "签收", "ROAD", "已卸货待签收", "SIGN"),
  confirm: {
    key: "confirm",
    path: "/dispatchManage/confirm",
    title: "确认",
    freightWay: null,
    tabs: [
      { key: "wait", label: "已签收待确认", statuses: ["SIGNED"] },
      { key: "confirmed", label: "已确认待完成", statuses: ["CONFIRMED"] },
    ],
    actions: ["REVIEW", "FLEET_CONFIRM", "COMPLETE"],
  },
  waterloading: loadingQueue("waterloading", "水运装货", "WATER"),
  waterdelivery: singleQueue("waterdelivery", "水运卸货", "WATER", "运输中", "UNLOADING"),
  watersign: singleQueue("watersign", "水运签收", "WATER", "已卸货待签收", "SIGN"),
};

/** The queue tab a `tab` query value names; the first tab otherwise. */
export function queueTab(queue: QueueSpec, key: string | null | undefined): QueueTab {
  return queue.tabs.find((tab) => tab.key === key) ?? queue.tabs[0]!;
}

/** The queue's steps that a waybill in `status` can take now, whoever takes them. */
export function stepsFor(queue: QueueSpec, status: FreightStatus): StepActionKey[] {
  return queue.actions.filter((action) => canTake(action, status));
}

/** Of those, the ones the platform allows the caller on this waybill (`record.actions`). */
export function stepsOffered(queue: QueueSpec, record: Pick<FreightRecord, "status" | "actions">): StepActionKey[] {
  return stepsFor(queue, record.status).filter((action) => record.actions.includes(action));
}

/**
 * The queue page (and tab) that handles waybills of this status and way: the queue whose main tab
 * lists them, else one whose later tab does; null when none does (done, cancelled).
 */
export function queueForStatus(status: FreightStatus, freightWay: FreightWay): { queue: QueueSpec; tab: QueueTab } | null {
  const queues = QUEUE_KEYS.map((key) => QUEUES[key]).filter((queue) => queue.freightWay === null || queue.freightWay === freightWay);
  for (const tabIndex of [0, 1]) {
    const queue = queues.find((q) => q.tabs[tabIndex]?.statuses.includes(status));
    if (queue) return { queue, tab: queue.tabs[tabIndex]! };
  }
  return null;
}

/** A queue page opened on one waybill, on the tab that lists it. */
export function queueHref(queue: QueueSpec, tab: QueueTab, freightNo: string): string {
  const params = new URLSearchParams(tab.key === queue.tabs[0]!.key ? {} : { tab: tab.key });
  params.set("freightNo", freightNo);
  return `${queue.path}?${params}`;
}

/** The success notice after a step, e.g. 运单 YD… 装货成功，当前状态「运输中」. */
export function stepDoneMessage(action: StepActionKey, freightNo: string): string {
  const spec = STEP_ACTIONS[action];
  const status = spec.to ? `，当前状态「${FREIGHT_STATUS_LABELS[spec.to]}」` : "";
  return `运单 ${freightNo} ${spec.label}成功${status}`;
}

// ---------------------------------------------------------------------------------------------
// Form rules

/** What the rules of a step need to know about the waybill (kilograms). */
export interface StepContext {
  freightWay: FreightWay;
  loadedWeight: number | null;
  unloadedWeight: number | null;
}

/** The most a load may weigh on this way of transport (kg): 200 t a truck; a barge's sanity ceiling. */
export function maxLoadKg(freightWay: FreightWay): number {
  return freightWay === "ROAD" ? FREIGHT_LIMITS.maxRoadLoadKg : FREIGHT_LIMITS.maxWaterLoadKg;
}

/** The most that may be unloaded of a load (kg): the loaded weight plus 1 %, rounded down. */
export function maxUnloadKg(loadedKg: number): number {
  return Math.floor((loadedKg * 101) / 100);
}

/** A weight entered in tonnes → positive integer kilograms within the way's limit. */
export function tonnesSchema(label: string, freightWay: FreightWay) {
  const max = maxLoadKg(freightWay);
  const tooHeavy =
    freightWay === "ROAD" ? `${label}不能超过 ${tonnesPlain(max)} 吨（公路运输单车上限）` : `${label}不能超过 ${tonnesPlain(max)} 吨`;
  return z.string({ required_error: `请输入${label}` }).transform((text, ctx) => {
    const kg = tonnesToKg(text);
    const problem = kg === null ? `${label}须为数字（单位：吨），最多 3 位小数` : kg <= 0 ? `${label}必须大于 0` : kg > max ? tooHeavy : null;
    if (problem === null) return kg!;
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  });
}

const timeSchema = (label: string) =>
  z.string().transform((text, ctx) => {
    const iso = chinaLocalToIso(text);
    if (iso === null) {
      ctx.addIssue({ code: "custom", message: `${label}格式不正确` });
      return z.NEVER;
    }
    return iso;
  });

const ticketSchema = (label: string) =>
  z
    .string({ required_error: `请上传${label}` })
    .trim()
    .max(512, `${label}地址过长`)
    .refine(isStoredUrl, `${label}应为图片地址（http(s) 地址或 /files/ 下的已上传文件）`);

const textSchema = (label: string, max: number) => z.string({ required_error: `请填写${label}` }).trim().max(max, `${label}最多 ${max} 个字`);

function fieldSchema(field: StepField, freightWay: FreightWay): z.ZodTypeAny {
  const base =
    field.kind === "tonnes"
      ? tonnesSchema(field.label, freightWay)
      : field.kind === "datetime"
        ? timeSchema(field.label)
        : field.kind === "document"
          ? ticketSchema(field.label)
          : textSchema(field.label, 200);
  return field.required ? base : base.optional();
}

type ParsedFields = Partial<Record<StepFieldName, string | number>>;

/** Cross-field rules of a step, given what the waybill already holds. */
function crossCheck(action: StepActionKey, context: StepContext, values: ParsedFields, ctx: z.RefinementCtx): void {
  const loaded = typeof values.loadedWeight === "number" ? values.loadedWeight : context.loadedWeight;
  if (action === "UNLOADING" && context.loadedWeight != null && typeof values.unloadedWeight === "number") {
    const max = maxUnloadKg(context.loadedWeight);
    if (values.unloadedWeight > max) {
      ctx.addIssue({
        code: "custom",
        path: ["unloadedWeight"],
        message: `卸货重量超过装货重量 ${tonnesPlain(context.loadedWeight)} 吨的 1%，最多 ${tonnesPlain(max)} 吨`,
      });
    }
  }
  if (action === "LOADING_UPDATE") {
    const changed = (["loadedWeight", "pickupWeight", "loadingTime", "weighTicketUrl"] as const).some((name) => values[name] !== undefined);
    if (!changed) ctx.addIssue({ code: "custom", path: [], message: "请至少修改一项装货信息" });
    if (context.unloadedWeight != null && loaded != null && context.unloadedWeight > maxUnloadKg(loaded)) {
      const min = Math.ceil((context.unloadedWeight * 100) / 101);
      ctx.addIssue({
        code: "custom",
        path: ["loadedWeight"],
        message: `已卸货 ${tonnesPlain(context.unloadedWeight)} 吨，装货重量不能少于 ${kgToTonnesInput(min)} 吨`,
      });
    }
  }
}

/**
 * The form of one step: its fields as the form sends them (tonnes, China local times) → what the
 * platform takes (kilograms, ISO UTC), with the step's rules.
 */
export function stepFormSchema(action: StepActionKey, context: StepContext) {
  const shape = Object.fromEntries(STEP_ACTIONS[action].fields.map((field) => [field.name, fieldSchema(field, context.freightWay)]));
  return z.object(shape).superRefine((values, ctx) => crossCheck(action, context, values as ParsedFields, ctx));
}

/** The request body of a step: the waybill id and the parsed form fields. */
export type StepBody = { id: number } & ParsedFields;

export function stepBody(id: number, values: object): StepBody {
  const fields = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ""));
  return { id, ...fields };
}
