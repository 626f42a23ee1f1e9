/**
 * The waybill status machine, written once and read by both sides: the platform refuses a step
 * outside it (platform/freight/status.ts), the console offers only the steps it allows (labels and
 * form fields in app/lib/steps.ts).
 *
 *   待装货 WAIT_LOADING ─loading→ 运输中 IN_TRANSIT ─unLoading→ 已卸货 UNLOADED ─sign→ 已签收 SIGNED
 *   ─review / fleet-confirm→ 已确认 CONFIRMED ─complete→ 已完成 COMPLETED;
 *   cancel only from 待装货 → 已取消 CANCELLED; loadingUpdate corrects loading data before signing;
 *   the loading and unloading addresses may change until the goods are unloaded.
 */
import { FREIGHT_ACTIONS, FREIGHT_STATUSES, type FreightAction, type FreightStatus } from "./freight.js";
import type { UserType } from "./platforms.js";

export interface FreightStep {
  /** Statuses the step may be taken from. */
  from: readonly FreightStatus[];
  /** The status after it; null when it changes data but not the status. */
  to: FreightStatus | null;
  /** Kinds of account that may take it. */
  actors: readonly UserType[];
}

export const EVERYONE: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"];
/** The kinds of account that take the dispatcher's steps (sign, confirm, complete, cancel); individual drivers and captains only load and unload. */
export const MANAGERS: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"];

export const FREIGHT_STEPS: Record<FreightAction, FreightStep> = {
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

/** Whether a waybill in `status` may take the step now (whoever takes it). */
export function canTake(action: FreightAction, status: FreightStatus): boolean {
  return FREIGHT_STEPS[action].from.includes(status);
}

/** Whether this kind of account may take the step at all. */
export function mayTake(action: FreightAction, type: UserType): boolean {
  return FREIGHT_STEPS[action].actors.includes(type);
}

/** Whether this kind of account may take the step on a waybill in `status` now. */
export function offers(action: FreightAction, status: FreightStatus, type: UserType): boolean {
  return canTake(action, status) && mayTake(action, type);
}

/** The steps this kind of account may take on a waybill in `status` now: the `actions` the platform sends with each record. */
export function actionsOffered(status: FreightStatus, type: UserType): FreightAction[] {
  return FREIGHT_ACTIONS.filter((action) => offers(action, status, type));
}

/** Whether this kind of account takes the dispatcher's steps; the platform decides each step in the end. */
export function isManager(type: UserType): boolean {
  return MANAGERS.includes(type);
}

/** Whether the waybill has a track to play back: it has been loaded and was not cancelled. */
export function hasTrack(status: FreightStatus): boolean {
  return status !== "WAIT_LOADING" && status !== "CANCELLED";
}

/** Whether the waybill's conveyance is worth monitoring: not yet unloaded (waiting or on the way). */
export function isUnderWay(status: FreightStatus): boolean {
  return status === "WAIT_LOADING" || status === "IN_TRANSIT";
}

/**
 * The statuses a waybill ends in: no status-changing step leaves them (已完成, 已取消). Every other
 * status is live: its driver, vehicle, captain and ship are taken until it ends.
 */
export const FINISHED_STATUSES: readonly FreightStatus[] = FREIGHT_STATUSES.filter((status) => !Object.values(FREIGHT_STEPS).some((step) => step.to !== null && step.from.includes(status)));

/** The statuses of a live waybill (not finished). */
export const LIVE_STATUSES: readonly FreightStatus[] = FREIGHT_STATUSES.filter((status) => !FINISHED_STATUSES.includes(status));
