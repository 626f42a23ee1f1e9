/**
 * The waybill status machine's refusals. The machine itself (FREIGHT_STEPS: from / to / actors) is
 * in contract/freight-steps.ts, which the console reads too.
 */
import { canTake, FREIGHT_STEPS } from "../../contract/freight-steps.js";
import {
  FREIGHT_ACTION_LABELS,
  FREIGHT_STATUS_LABELS,
  FreightRefusalCode,
  type FreightAction,
  type FreightStatus,
} from "../../contract/freight.js";
import type { UserType } from "../../contract/platforms.js";
import { Refusal } from "../http/envelope.js";

const USER_TYPE_LABELS: Record<UserType, string> = {
  SYSTEM_USER: "平台账号",
  TENANT_USER: "租户账号",
  ORG_USER: "企业账号",
  INDIVIDUAL_USER: "个人账号",
};

/** The status after the step; refuses (4009, naming the current status) when the step is illegal now. */
export function nextStatus(action: FreightAction, status: FreightStatus, freightNo?: string): FreightStatus {
  if (!canTake(action, status)) throw new Refusal(FreightRefusalCode.illegalState, illegalStepMessage(action, status, freightNo));
  return FREIGHT_STEPS[action].to ?? status;
}

export function illegalStepMessage(action: FreightAction, status: FreightStatus, freightNo?: string): string {
  const subject = freightNo ? `运单 ${freightNo} ` : "运单";
  return `${subject}当前状态为「${FREIGHT_STATUS_LABELS[status]}」，不能执行${FREIGHT_ACTION_LABELS[action]}`;
}

/** Refuses (4003) a caller whose kind of account may not take the step at all. */
export function assertActor(action: FreightAction, type: UserType): void {
  const { actors } = FREIGHT_STEPS[action];
  if (actors.includes(type)) return;
  const allowed = actors.map((t) => USER_TYPE_LABELS[t]).join("、");
  throw new Refusal(FreightRefusalCode.notPermitted, `${USER_TYPE_LABELS[type]}不能执行${FREIGHT_ACTION_LABELS[action]}，仅${allowed}可以操作`);
}
