/** 车源 (domain 7.2): an owner's vehicle published as available, found by 找车. */
import { MAX_VEHICLE_LOAD_KG } from "./vehicle.js";
import { defineResource, f } from "./kit.js";
import { OWNERS } from "./vocabulary.js";

const BASIC = { list: true, detail: "车源信息", form: true, export: true } as const;

/** 车长 as the freight market names it (米). */
export const VEHICLE_LENGTHS = {
  "4.2": { label: "4.2米" },
  "6.8": { label: "6.8米" },
  "9.6": { label: "9.6米" },
  "13": { label: "13米" },
  "13.75": { label: "13.75米" },
  "17.5": { label: "17.5米" },
} as const;

export const AVAILABILITY_STATES = {
  AVAILABLE: { label: "可接单", tone: "success" },
  BOOKED: { label: "已约", tone: "info" },
  EXPIRED: { label: "已过期", tone: "default" },
  OFF: { label: "已下线", tone: "error" },
} as const;

/** 可用时间 spans at most this long (domain 7.2). */
export const AVAILABILITY_MAX_DAYS = 7;
/** 期望流向: at most this many places. */
export const TO_PLACES_MAX = 5;
const splitPlaces = (v: string) => v.split(/[,，、\s]+/).filter(Boolean);

export const vehicleAvailability = defineResource({
  key: "vehicleAvailability",
  name: "车源",
  api: "tms-vehicle-availability",
  titleField: "plateNo",
  fields: {
    vehicleId: f.ref("车辆", "vehicle", "vehicleLabel", { detail: "车源信息", form: "create", required: true, hint: "已认证的本企业车辆" }),
    plateNo: f.text("车牌号", 16, { list: true, detail: "车源信息", export: true, filter: "contains" }),
    vehicleType: f.text("车型", 32, { list: true, detail: "车源信息", export: true }),
    vehicleLength: f.enumOf("车长", VEHICLE_LENGTHS, { ...BASIC, required: true, filter: "eq" }),
    driverId: f.ref("司机", "driver", "driverName", { detail: "车源信息", form: true, export: true, hint: "不选则为车辆的默认司机" }),
    currentPlace: f.text("当前位置", 64, { ...BASIC, required: true, sanitize: true, placeholder: "如 蚌埠市怀远县" }),
    currentRegionCode: f.region("当前地区", { detail: "车源信息", form: true, export: true, required: true }),
    toPlaces: f.text("期望流向", 100, { ...BASIC, hint: `最多 ${TO_PLACES_MAX} 个地点，用逗号分隔`, checks: [[(v) => splitPlaces(v).length <= TO_PLACES_MAX, `期望流向最多 ${TO_PLACES_MAX} 个地点`]] }),
    availableFrom: f.datetime("可用开始", { ...BASIC, required: true }),
    availableTo: f.datetime("可用截止", { ...BASIC, required: true, filter: "range", hint: `与开始时间相隔不超过 ${AVAILABILITY_MAX_DAYS} 天` }),
    availableLoad: f.weightKg("可载重量", MAX_VEHICLE_LOAD_KG, { ...BASIC, required: true, hint: "不超过车辆核定载质量" }),
    expectedPrice: f.moneyFen("期望运价", 100_000_00, { ...BASIC, hint: "元/吨，可不填（面议）" }),
    contactMobile: f.mobile("联系电话", { ...BASIC, required: true }),
    remark: f.textarea("备注", 200, { detail: "车源信息", form: true, export: true, screen: true }),
    contactCount: f.int("被联系次数", 0, Number.MAX_SAFE_INTEGER, { list: true, detail: "车源信息", export: true }),
    offReason: f.text("下线原因", 100, { detail: "车源信息", export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "AVAILABLE",
    states: AVAILABILITY_STATES,
    transitions: {
      book: { label: "标记已约", from: ["AVAILABLE"], to: "BOOKED", permission: [], kinds: OWNERS, confirm: "标记为已约后，找车中不再显示该车源" },
      offline: { label: "下线", from: ["AVAILABLE", "BOOKED"], to: "OFF", permission: [], kinds: OWNERS, tone: "danger", input: { offReason: f.text("下线原因", 100, { required: true }) } },
      relist: { label: "重新上线", from: ["BOOKED", "OFF", "EXPIRED"], to: "AVAILABLE", permission: [], kinds: OWNERS, confirm: "重新上线后将出现在找车中" },
    },
    editableIn: ["AVAILABLE", "BOOKED", "OFF", "EXPIRED"],
    deletableIn: ["OFF", "EXPIRED"],
  },
  permissions: { list: [], detail: [], create: [], update: [], delete: [], export: [] },
  kinds: { read: OWNERS, write: OWNERS },
  example: {
    as: "ORG_USER",
    refs: ["vehicle"],
    body: (n, refs) => {
      // Whole minutes: the form shows and reads times to the minute.
      const from = Math.ceil((Date.now() + 3600_000) / 60_000) * 60_000;
      return {
        vehicleId: refs.vehicle,
        vehicleLength: "9.6",
        currentPlace: `蚌埠市${n}号停车场`,
        currentRegionCode: "340300",
        toPlaces: "芜湖,南京",
        availableFrom: new Date(from).toISOString(),
        availableTo: new Date(from + 2 * 86_400_000).toISOString(),
        availableLoad: 1000,
        contactMobile: "13900000001",
      };
    },
  },
  defaultSort: ["createdTime", "desc"],
});
