/**
 * 运输任务 (domain 3.8): a quantity of an order entrusted to one carrier party (a carrier enterprise, a
 * fleet leader, or for water a shipowner) over a period; the waybills dispatched under it count
 * against it. While pending or accepted, its undispatched weight is reserved on the order, so dispatch
 * outside the task cannot spend it (`reservedWeight` on the platform).
 */
import { MAX_ORDER_WEIGHT_KG } from "./order.js";
import { pricePerTonne } from "./cargo.js";
import { FREIGHT_WAYS_OPTIONS } from "./delivery.js";
import { access, defineResource, f, type Options } from "./kit.js";
import { EVERYONE } from "./vocabulary.js";

export const TASK_STATES = {
  PENDING: { label: "待接受", tone: "warning" },
  ACCEPTED: { label: "执行中", tone: "info" },
  REJECTED: { label: "已拒绝", tone: "error" },
  COMPLETED: { label: "已完成", tone: "success" },
  CANCELLED: { label: "已取消", tone: "error" },
} as const satisfies Options;
export type TaskState = keyof typeof TASK_STATES;
/** A task reserves its undispatched weight and accepts dispatch in these states. */
export const TASK_OPEN_STATES = ["PENDING", "ACCEPTED"] as const satisfies readonly TaskState[];

export const ASSIGNEE_TYPES = {
  CARRIER_ORG: { label: "承运企业" },
  FLEET_LEADER: { label: "车队长" },
  SHIPOWNER: { label: "船东" },
} as const satisfies Options;
export type AssigneeType = keyof typeof ASSIGNEE_TYPES;
/** Which reference field names the assignee of each type, and the ways it may carry. */
export const ASSIGNEE_FIELDS = {
  CARRIER_ORG: { field: "carrierOrgId", ways: ["ROAD", "WATER"] },
  FLEET_LEADER: { field: "fleetLeaderId", ways: ["ROAD"] },
  SHIPOWNER: { field: "shipownerId", ways: ["WATER"] },
} as const satisfies Record<AssigneeType, { field: string; ways: readonly ("ROAD" | "WATER")[] }>;

const TASK = { list: true, detail: "任务信息", export: true } as const;
const ORDER_COPY = { detail: "订单信息", export: true } as const;
const PROGRESS = { list: true, detail: "进度", export: true } as const;

export const transportTask = defineResource({
  key: "transportTask",
  name: "运输任务",
  api: "tms-transport-task",
  titleField: "taskNo",
  fields: {
    taskNo: f.text("任务编号", 20, TASK),
    orderId: f.ref("订单", "openOrder", "orderLabel", { form: "create", required: true, hint: "待调度或部分调度的订单" }),
    orderNo: f.text("订单号", 32, { ...ORDER_COPY, list: true }),
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS_OPTIONS, { ...ORDER_COPY, list: true, filter: "eq" }),
    cargoName: f.text("货物", 64, { ...ORDER_COPY, list: true }),
    loadingPlace: f.text("装货地", 64, { ...ORDER_COPY, list: true }),
    unloadingPlace: f.text("卸货地", 64, { ...ORDER_COPY, list: true }),
    assigneeType: f.enumOf("承运方类型", ASSIGNEE_TYPES, { ...TASK, form: "create", required: true, filter: "eq", hint: "公路：承运企业或车队长；水路：承运企业或船东" }),
    carrierOrgId: f.ref("承运企业", "enterprise", "carrierOrgName", { form: "create", hint: "承运方类型为承运企业时必选" }),
    fleetLeaderId: f.ref("车队长", "fleetLeader", "fleetLeaderName", { form: "create", hint: "承运方类型为车队长时必选" }),
    shipownerId: f.ref("船东", "shipowner", "shipownerName", { form: "create", hint: "承运方类型为船东时必选" }),
    assigneeName: f.text("承运方", 128, { ...TASK, filter: "contains" }),
    plannedWeight: f.weightKg("任务重量", MAX_ORDER_WEIGHT_KG, { ...PROGRESS, form: true, required: true, hint: "不超过订单未派且未被其他任务占用的重量" }),
    dispatchedWeight: f.weightKg("已派", MAX_ORDER_WEIGHT_KG * 2, PROGRESS),
    completedWeight: f.weightKg("已完成", MAX_ORDER_WEIGHT_KG * 2, PROGRESS),
    unitPrice: pricePerTonne("任务单价", { ...TASK, form: true, required: true, hint: "不高于订单的承运单价" }),
    periodFrom: f.date("周期开始", { ...TASK, form: true, required: true, filter: "range" }),
    periodTo: f.date("周期结束", { ...TASK, form: true, required: true }),
    remark: f.textarea("备注", 200, { detail: "任务信息", form: true, export: true }),
    rejectReason: f.textarea("拒绝原因", 200, { detail: "任务信息", export: true }),
    cancelReason: f.textarea("取消原因", 200, { detail: "任务信息", export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: TASK_STATES,
    editableIn: ["PENDING"],
    deletableIn: [],
    transitions: {
      accept: { label: "接受", from: ["PENDING"], to: "ACCEPTED", permission: "TMS_TRANSPORT_TASK", kinds: EVERYONE, tone: "primary", confirm: "接受后承运方按任务重量和单价执行" },
      reject: { label: "拒绝", from: ["PENDING"], to: "REJECTED", permission: "TMS_TRANSPORT_TASK", kinds: EVERYONE, tone: "danger", input: { rejectReason: f.textarea("拒绝原因", 200, { required: true }) }, confirm: "拒绝后任务占用的重量退回订单" },
      complete: { label: "完成", from: ["ACCEPTED"], to: "COMPLETED", permission: "TMS_TRANSPORT_TASK", kinds: EVERYONE, confirm: "完成后未派的重量退回订单" },
      cancel: { label: "取消", from: TASK_OPEN_STATES, to: "CANCELLED", permission: "TMS_TRANSPORT_TASK", kinds: EVERYONE, tone: "danger", input: { cancelReason: f.textarea("取消原因", 200, { required: true }) }, confirm: "任务下没有未取消的在途运单才能取消" },
    },
  },
  permissions: access(["TMS_TRANSPORT_TASK", "TMS_FREIGHT_DISPATCH", "TMS_ORDER_ADD"], ["TMS_TRANSPORT_TASK"], ["create", "update"], ["TMS_TRANSPORT_TASK", "TMS_ORDER_EXPORT"]),
  kinds: { read: EVERYONE, write: EVERYONE },
  keyword: { label: "任务编号/订单号", fields: ["taskNo", "orderNo"] },
  createdFilter: "创建时间",
  example: {
    as: "ORG_USER",
    refs: ["enterprise"],
    body: (_n, refs) => ({
      orderId: refs.openOrder,
      assigneeType: "CARRIER_ORG",
      carrierOrgId: refs.enterprise,
      plannedWeight: 1_000,
      unitPrice: 100,
      periodFrom: "2026-11-20",
      periodTo: "2026-12-20",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});
