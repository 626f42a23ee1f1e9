/**
 * The waybill status machine:
 *   待装货 WAIT_LOADING ─loading→ 运输中 IN_TRANSIT ─unLoading→ 已卸货 UNLOADED ─sign→ 已签收 SIGNED
 *   ─review / fleet-confirm→ 已确认 CONFIRMED ─complete→ 已完成 COMPLETED;
 *   cancel only from 待装货 → 已取消 CANCELLED; loadingUpdate corrects loading data before signing;
 *   the loading and unloading addresses may change until the goods are unloaded.
 */
import {
  FREIGHT_ACTION_LABELS,
  FREIGHT_STATUS_LABELS,
  FreightRefusalCode,
  type FreightAction,
  type FreightStatus,
} from "../../contract/freight.js";
import type { UserType } from "../../contract/platforms.js";
import { Refusal } from "../http/envelope.js";

interface Step {
  from: readonly FreightStatus[];
  /** null: the step changes data but not the status. */
  to: FreightStatus | null;
  /** Kinds of account that may take the step. */
  actors: readonly UserType[];
}

const EVERYONE: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"];
const MANAGERS: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"];

export const STEPS: Record<FreightAction, Step> = {
  DISPATCH: { from: [], to: "WAIT_LOADING", actors: MANAGERS },
  LOADING: { from: ["WAIT_LOADING"], to: "IN_TRANSIT", actors: EVERYONE },
  UNLOADING: { from: ["IN_TRANSIT"], to: "UNLOADED", actors: EVERYONE },
  SIGN: { from: ["UNLOADED"], to: "SIGNED", actors: MANAGERS },
  REVIEW: { from: ["SIGNED"], to: "CONFIRMED", actors: ["SYSTEM_USER", "TENANT_USER"] },
  FLEET_CONFIRM: { from: ["SIGNED"], to: "CONFIRMED", actors: ["ORG_USER"] },
  COMPLETE: { from: ["CONFIRMED"], to: "COMPLETED", actors: MANAGERS },
  CANCEL: { from: ["WAIT_LOADING"], to: "CANCELLED", actors: MANAGERS },
  LOADING_UPDATE: { from: ["IN_TRANSIT", "UNLOADED"], to: null, actors: MANAGERS },
  ADDRESS_UPDATE: { from: ["WAIT_LOADING", "IN_TRANSIT"], to: null, actors: MANAGERS },
  // Not steps of the machine: platform/appeal decides them by permission code and the abnormal flag.
  APPEAL_SUBMIT: { from: [], to: null, actors: EVERYONE },
  APPEAL_APPROVE: { from: [], to: null, actors: EVERYONE },
  APPEAL_REJECT: { from: [], to: null, actors: EVERYONE },
};

const USER_TYPE_LABELS: Record<UserType, string> = {
  SYSTEM_USER: "平台账号",
  TENANT_USER: "租户账号",
  ORG_USER: "企业账号",
  INDIVIDUAL_USER: "个人账号",
};

export function canTake(action: FreightAction, status: FreightStatus): boolean {
  return STEPS[action].from.includes(status);
}

/** The status after the step; refuses (4009, naming the current status) when the step is illegal now. */
export function nextStatus(action: FreightAction, status: FreightStatus, freightNo?: string): FreightStatus {
  if (!canTake(action, status)) throw new Refusal(FreightRefusalCode.illegalState, illegalStepMessage(action, status, freightNo));
  return STEPS[action].to ?? status;
}

export function illegalStepMessage(action: FreightAction, status: FreightStatus, freightNo?: string): string {
  const subject = freightNo ? `运单 ${freightNo} ` : "运单";
  return `${subject}当前状态为「${FREIGHT_STATUS_LABELS[status]}」，不能执行${FREIGHT_ACTION_LABELS[action]}`;
}

/** Refuses (4003) a caller whose kind of account may not take the step at all. */
export function assertActor(action: FreightAction, type: UserType): void {
  const { actors } = STEPS[action];
  if (actors.includes(type)) return;
  const allowed = actors.map((t) => USER_TYPE_LABELS[t]).join("、");
  throw new Refusal(FreightRefusalCode.notPermitted, `${USER_TYPE_LABELS[type]}不能执行${FREIGHT_ACTION_LABELS[action]}，仅${allowed}可以操作`);
}
