/**
 * The platform calls of the driver's own pages (司机端) that the staff pages do not make: what 装货/卸货
 * with his weights would mark 异常 before he confirms, and his phone's position while a page is open.
 * The steps themselves go through `dispatchApi.step`, as the staff forms' do.
 */
import type { StepCheckRequest, StepCheckResult } from "../../contract/freight";
import type { TrackReport } from "../../contract/fleet";
import type { CurrentUser } from "./user.server";

export const driverApi = {
  /** POST tms-freight/step-check: the reasons the step would mark the waybill 异常 (nothing is written). */
  stepCheck(user: CurrentUser, body: StepCheckRequest): Promise<StepCheckResult> {
    return user.call<StepCheckResult>({ path: "/tms-freight/step-check", body });
  },

  /** POST tms-vehicle-position/report: his in-transit vehicle's points, as the driver app reports them. */
  reportPositions(user: CurrentUser, report: TrackReport): Promise<{ freightId: number | null; stored: number; imprecise: number }> {
    return user.call({ path: "/tms-vehicle-position/report", body: report });
  },
};
