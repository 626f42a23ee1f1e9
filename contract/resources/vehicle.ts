/**
 * 车辆 (domain 2.2): an organisation's trucks, registered by the organisation (or an individual
 * owner-driver) and audited (审核) by platform or tenant staff before dispatch may use them.
 */
import { ENERGY_TYPE_LIST, PLATE_COLOR_LIST } from "../code-lists.js";
import { isPlateNo, isRoadTransportCertNo, isVin, normalisePlateNo } from "../validation.js";
import { access, defineResource, f } from "./kit.js";
import { auditMachine, enableToggles, enabledField, EVERYONE, OPERATION_STATES, OWNERS, AUDITORS } from "./vocabulary.js";

/** Where a field shows: list column, detail section, add/edit form, export column. */
const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const LICENCE = { detail: "行驶证", form: true, export: true } as const;
const PAPERS = { detail: "道路运输证", form: true, export: true } as const;

export const PLATE_COLORS = PLATE_COLOR_LIST.codes;

export const ENERGY_TYPES = ENERGY_TYPE_LIST.codes;

export const OWNERSHIP_TYPES = { OWN: { label: "企业自有" }, AFFILIATED: { label: "挂靠" }, PERSONAL: { label: "个人" } } as const;

/** Vehicles over 4.5 t gross mass need a real 道路运输证 and a driver with 从业资格证 (domain 0.4.2). */
export const LIGHT_VEHICLE_MAX_KG = 4_500;
export const MAX_VEHICLE_LOAD_KG = 200_000;

const PLATE_MESSAGE = "车牌号格式不正确，如 皖A12345 或 皖AD12345";

export const vehicle = defineResource({
  key: "vehicle",
  name: "车辆",
  api: "tms-vehicle",
  titleField: "plateNo",
  fields: {
    plateNo: f.text("车牌号", 16, { ...BASIC, required: true, form: "create", filter: "contains", sanitize: true, normalise: normalisePlateNo, checks: [[isPlateNo, PLATE_MESSAGE]] }),
    plateColorCode: f.enumOf("车牌颜色", PLATE_COLORS, { ...BASIC, required: true }),
    vehicleType: f.text("车辆类型", 32, { ...BASIC, required: true, sanitize: true, hint: "机动车类型名称或代码（GA 24.4），如 重型半挂牵引车 或 Q11；数据报送按代码上报" }),
    energyType: f.enumOf("能源类型", ENERGY_TYPES, { ...BASIC, required: true, filter: "eq" }),
    loadCapacity: f.weightKg("核定载质量", MAX_VEHICLE_LOAD_KG, { ...BASIC, required: true }),
    grossMass: f.weightKg("总质量", MAX_VEHICLE_LOAD_KG + 100_000, { ...BASIC, required: true, hint: "大于 4.5 吨的车辆需要道路运输证" }),
    ownershipType: f.enumOf("车辆归属", OWNERSHIP_TYPES, { detail: "基本信息", form: true, export: true, required: true }),
    driverId: f.ref("默认司机", "driver", "driverName", { detail: "基本信息", export: true, form: true }),
    operationStatus: f.enumOf("运营状态", OPERATION_STATES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    ownerName: f.text("所有人", 128, { ...LICENCE, required: true, sanitize: true }),
    useCharacter: f.text("使用性质", 20, { ...LICENCE, required: true, placeholder: "货运" }),
    vin: f.text("车辆识别代号", 17, { ...LICENCE, required: true, normalise: (v) => v.toUpperCase(), checks: [[isVin, "车辆识别代号应为 17 位字母或数字（不含 I、O、Q）"]] }),
    licenseValidTo: f.date("行驶证检验有效期至", { ...LICENCE, required: true, expiry: true, list: true, filter: "range" }),
    trailerPlateNo: f.text("挂车牌照号", 16, { ...LICENCE, sanitize: true, normalise: normalisePlateNo, checks: [[isPlateNo, PLATE_MESSAGE]] }),
    roadCertNo: f.text("道路运输证号", 20, { ...PAPERS, checks: [[isRoadTransportCertNo, "道路运输证号应为 6–20 位数字"]] }),
    roadCertValidTo: f.date("道路运输证有效期至", { ...PAPERS, expiry: true }),
    enabled: enabledField(),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核信息" }),
  },
  status: (() => {
    const machine = auditMachine("TMS_VEHICLE_APPROVE", ["TMS_VEHICLE_ADD"]);
    return { ...machine, transitions: { ...machine.transitions, ...enableToggles("TMS_VEHICLE_APPROVE", AUDITORS) } };
  })(),
  permissions: access(["TMS_VEHICLE_LIST", "TMS_VEHICLE_APPROVE"], ["TMS_VEHICLE_ADD"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  createdFilter: "添加时间",
  example: {
    as: "ORG_USER",
    body: (n) => ({
      plateNo: `皖Z${String(10000 + (n % 90000))}`,
      plateColorCode: "2",
      vehicleType: "重型半挂牵引车",
      energyType: "B",
      loadCapacity: 35_000,
      grossMass: 49_000,
      ownershipType: "OWN",
      ownerName: "蚌埠粮食运输有限公司",
      useCharacter: "货运",
      vin: "LFWSRXRJ5A1E00001",
      licenseValidTo: "2030-06-30",
      roadCertNo: "340300123456",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

