/**
 * Client of the platform's dispatch-side calls (spec 7.2, 7.3): orders awaiting dispatch, dispatching
 * them, the resource selectors, the waybill status steps, address changes, GPS devices and the
 * dispatch dashboard figures. Route files call these; they never build a platform request by hand.
 */
import type { Paged } from "../../contract/envelope";
import type {
  AddressUpdateRequest,
  CaptainRecord,
  DispatchRequest,
  DispatchResult,
  DriverRecord,
  FreightDashboard,
  FreightRecord,
  FreightWay,
  GpsDeviceRecord,
  OrderRecord,
  ShipRecord,
  VehicleRecord,
} from "../../contract/freight";
import { STEP_ACTIONS, type StepActionKey, type StepBody } from "~/lib/steps";
import type { CurrentUser } from "./user.server";
import { LARGEST_PAGE } from "~/lib/paging";

export interface Paging {
  current: number;
  size: number;
}

export interface OrderSearch {
  orderNo?: string;
  cargoCategory?: string;
  freightWay?: FreightWay;
  /** AWAITING (default): orders still to dispatch; ALL includes fully dispatched ones. */
  scope?: "AWAITING" | "ALL";
}

/** The selectors' largest page: one select lists at most this many people or conveyances. */
export const SELECTOR_PAGE = LARGEST_PAGE;

const compact = (body: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null && value !== ""));

const selector =
  <T>(path: string) =>
  (user: CurrentUser, keyword?: string, paging: Paging = SELECTOR_PAGE): Promise<Paged<T>> =>
    user.call<Paged<T>>({ path, body: compact({ keyword, ...paging }) });

export const dispatchApi = {
  /** POST tms-order/search: the caller's orders, newest first (awaiting dispatch unless scope ALL). */
  searchOrders(user: CurrentUser, search: OrderSearch, paging: Paging): Promise<Paged<OrderRecord>> {
    return user.call<Paged<OrderRecord>>({ path: "/tms-order/search", body: compact({ ...search, ...paging }) });
  },

  /** POST tms-freight-dispatch/dispatch: one waybill per item (driver + vehicle, or captain + ship). */
  dispatch(user: CurrentUser, request: DispatchRequest): Promise<DispatchResult> {
    return user.call<DispatchResult>({ path: "/tms-freight-dispatch/dispatch", body: request });
  },

  /** POST tms-resource/drivers|vehicles|captains|ships: the selectors, filtered by a keyword. */
  drivers: selector<DriverRecord>("/tms-resource/drivers"),
  vehicles: selector<VehicleRecord>("/tms-resource/vehicles"),
  captains: selector<CaptainRecord>("/tms-resource/captains"),
  ships: selector<ShipRecord>("/tms-resource/ships"),

  /**
   * One status step (tms-freight/loading, /unLoading, /sign, /review, /fleet-confirm, /complete,
   * /loadingUpdate): the waybill as it is after the step.
   */
  step(user: CurrentUser, action: StepActionKey, body: StepBody): Promise<FreightRecord> {
    return user.call<FreightRecord>({ path: STEP_ACTIONS[action].platformPath, body });
  },

  /** POST tms-freight-dispatch/updateTmsOrderDatailAddress: changes the loading or unloading place before unloading. */
  updateAddress(user: CurrentUser, request: AddressUpdateRequest): Promise<FreightRecord> {
    return user.call<FreightRecord>({ path: "/tms-freight-dispatch/updateTmsOrderDatailAddress", body: request });
  },

  /** POST device-manage/selector: GPS devices, by device number or plate, bound or not, of one vehicle or organisation. */
  devices(user: CurrentUser, filter: { keyword?: string; bound?: boolean; vehicleId?: number; orgId?: number }, paging: Paging = SELECTOR_PAGE): Promise<Paged<GpsDeviceRecord>> {
    return user.call<Paged<GpsDeviceRecord>>({ path: "/device-manage/selector", body: compact({ ...filter, ...paging }) });
  },

  /** POST device-manage/bind: binds a device to a vehicle, or unbinds it (vehicleId null). */
  bindDevice(user: CurrentUser, deviceId: number, vehicleId: number | null): Promise<GpsDeviceRecord> {
    return user.call<GpsDeviceRecord>({ path: "/device-manage/bind", body: { deviceId, vehicleId } });
  },

  /** POST tms-freight/dashboard: the home figures, scoped to the caller by the platform. */
  dashboard(user: CurrentUser, freightWay?: FreightWay): Promise<FreightDashboard> {
    return user.call<FreightDashboard>({ path: "/tms-freight/dashboard", body: compact({ freightWay }) });
  },
};
