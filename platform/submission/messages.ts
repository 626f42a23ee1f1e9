/**
 * Message builders (domain 8.5): each message is a list of field specs (ministry field, 中文, our
 * source column, required, value, check). One list builds both the payload (nested by the field's
 * path) and the record's check result (S2 CheckResult), so what is sent and what is shown agree.
 */
import { BANK_CODE_LIST, BUSINESS_TYPE_LIST, CARGO_CLASS_LIST, codeOfName, ENERGY_TYPE_LIST, inList, isVehicleClass, PAYMENT_MEANS_LIST, PLATE_COLOR_LIST, TRANSPORT_TYPE_LIST, USE_CHARACTER_LIST, VEHICLE_CLASS_LIST, VEHICLE_TYPE_LIST, type CodeList } from "../../contract/code-lists.js";
import { regionExists } from "../../contract/regions.js";
import { isMobile } from "../../contract/validation.js";
import type { CheckLine, MessageType } from "../../contract/submission.js";
import { placeRegion } from "../db/place-regions.js";
import { chinaStamp, compactDate, kg3, ministryPlate, tonnes2, yuan3 } from "./format.js";

type Value = string | null | undefined;
type Payload = Record<string, unknown>;

export interface FieldSpec<S> {
  path: string;
  label: string;
  source: string;
  required: boolean;
  value: (s: S) => Value;
  /** A message when the (present) value is wrong, judged on the message alone; null when fine. */
  check?: (value: string, payload: Payload) => string | null;
}

const spec = <S>(path: string, label: string, source: string, required: boolean, value: (s: S) => Value, check?: FieldSpec<S>["check"]): FieldSpec<S> => ({ path, label, source, required, value, check });

const maxLen = (max: number) => (v: string) => (v.length > max ? `长度不能超过 ${max}` : null);
const positive = (v: string) => (Number(v) > 0 ? null : "应大于 0");
const ID_CARD = /^\d{17}[\dX]$/;
const idCard = (v: string) => (ID_CARD.test(v) ? null : "身份证号应为 18 位");
const mobile = (v: string) => (isMobile(v) ? null : "手机号码应为 11 位手机号（1 开头，第二位 3–9）");
/** A coded field: the value must be a code of its list (contract/code-lists.ts), which the refusal names. */
const coded = (codeList: CodeList) => (v: string) => (inList(codeList, v) ? null : `「${v}」不在${codeList.title}中（${codeList.source}）`);
/** A field sent as a list's name (使用性质). */
const named = (codeList: CodeList) => (v: string) => (Object.values(codeList.codes).some((c) => c.label === v) ? null : `「${v}」不是${codeList.title}的名称（${codeList.source}）`);
const mmsi = (v: string) => (/^\d{9}$/.test(v) ? null : "应为 9 位数字");
const region = (v: string) => (regionExists(v) ? null : `「${v}」不是行政区划代码（GB/T 2260）`);
const vehicleClass = (v: string) => (isVehicleClass(v) ? null : `「${v}」不是${VEHICLE_CLASS_LIST.title}（${VEHICLE_CLASS_LIST.source}）`);

/** The value at a payload path (`VehicleInfo.Driver.0.DriverName`), as text; "" when absent. */
export function valueAt(payload: unknown, path: string): string {
  let node: unknown = payload;
  for (const key of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  return node == null || typeof node === "object" ? "" : String(node);
}

function setPath(target: Record<string, unknown>, path: string, value: string): void {
  const keys = path.split(".");
  let node: Record<string, unknown> = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[i + 1]!);
    node[key] ??= nextIsIndex ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

export interface BuiltMessage {
  payload: Record<string, unknown>;
  checks: CheckLine[];
}

/**
 * Every field of a message checked against its rules (required, format, code list), on the message
 * alone: what the builder records before sending and what the stand-in answers a message with.
 */
export function checkPayload<S>(specs: ReadonlyArray<FieldSpec<S>>, payload: Payload): CheckLine[] {
  return specs.map((field) => {
    const value = valueAt(payload, field.path);
    let message = "";
    if (!value && field.required) message = "必填项为空";
    else if (value && field.check) message = field.check(value, payload) ?? "";
    return { ministryField: field.path, label: field.label, sourceField: field.source, required: field.required, value, ok: !message, message };
  });
}

/** Builds the payload and checks every field; `extra` are the cross-field (logical) checks. */
export function buildMessage<S>(specs: ReadonlyArray<FieldSpec<S>>, source: S, extra: CheckLine[] = []): BuiltMessage {
  const payload: Record<string, unknown> = {};
  for (const field of specs) {
    const raw = field.value(source);
    if (raw != null && String(raw)) setPath(payload, field.path, String(raw));
  }
  return { payload, checks: [...checkPayload(specs, payload), ...extra] };
}

/** A logical check line; `warning` lines are shown but do not stop the record. */
export function logical(label: string, ok: boolean, message: string, warning = false): CheckLine {
  return { ministryField: "逻辑校验", label, sourceField: "", required: !warning, value: ok ? "通过" : warning ? "警告" : "不通过", ok: ok || warning, message: ok ? "" : message };
}

export const checksPass = (checks: CheckLine[]) => checks.every((c) => c.ok);

// ---- sources --------------------------------------------------------------------------------

export interface CarrierSource {
  name: string;
  creditCode: string;
  permitNumber: string;
}

export interface DriverSource {
  name: string;
  mobile: string;
  idCardNo: string | null;
  vehicleClass: string | null;
  licenseValidTo: string | null;
  qualificationCertNo: string | null;
}

export interface VehicleSource {
  plateNo: string;
  plateColorCode: string;
  vehicleType: string;
  ownerName: string | null;
  useCharacter: string | null;
  vin: string | null;
  energyType: string;
  loadCapacityKg: number;
  grossMassKg: number | null;
  roadCertNo: string | null;
  trailerPlateNo: string | null;
}

export interface CaptainSource {
  name: string;
  mobile: string;
  idCardNo: string | null;
  certificateNo: string;
}

export interface ShipSource {
  shipName: string;
  mmsi: string;
  shipIdentityNo: string | null;
  shipType: string;
  deadweightKg: number;
  registryPort: string | null;
}

export interface WaybillSource {
  carrier: CarrierSource;
  freightNo: string;
  orderNo: string;
  shipperName: string;
  createdAt: string;
  loadingTime: string | null;
  unloadingTime: string | null;
  completeTime: string | null;
  sendAt: string;
  loadingAddress: string;
  unloadingAddress: string;
  /** The waybill's 装货地区划 / 卸货地区划 when it has them (orders choose them; older rows may not). */
  loadingRegionCode: string | null;
  unloadingRegionCode: string | null;
  unloadingPlace: string;
  amountFen: number;
  distanceKm: number;
  cargoName: string;
  cargoCode: string | null;
  loadedWeightKg: number | null;
  /** The conveyance's rated load, for the overload warning. */
  ratedLoadKg: number;
  carrierName: string;
  carrierIdCardNo: string | null;
  conveyance: { plateNo: string; plateColorCode: string; driverName: string; driverIdCardNo: string | null } | { shipName: string; mmsi: string; captainName: string; captainIdCardNo: string | null };
}

// ---- specs ----------------------------------------------------------------------------------

export const DRIVER_SPECS: ReadonlyArray<FieldSpec<DriverSource>> = [
  spec("DriverName", "姓名", "freight_drivers.name", true, (s) => s.name, maxLen(30)),
  spec("DrivingLicense", "身份证号", "freight_drivers.id_card_no", true, (s) => s.idCardNo, idCard),
  spec("VehicleClass", "准驾车型", "freight_drivers.vehicle_class", true, (s) => s.vehicleClass, (v) => maxLen(20)(v) ?? vehicleClass(v)),
  spec("ValidPeriodTo", "驾驶证有效期至", "freight_drivers.license_valid_to", true, (s) => (s.licenseValidTo ? compactDate(s.licenseValidTo) : null)),
  spec("QualificationCertificate", "从业资格证号", "freight_drivers.qualification_cert_no", true, (s) => s.qualificationCertNo ?? (s.idCardNo ? `${s.idCardNo.slice(0, 6)}000000000000` : null), maxLen(18)),
  spec("Telephone", "手机号码", "freight_drivers.mobile", true, (s) => s.mobile, mobile),
];

export const VEHICLE_SPECS: ReadonlyArray<FieldSpec<VehicleSource>> = [
  spec("VehicleNumber", "车辆牌照号", "freight_vehicles.plate_no", true, (s) => ministryPlate(s.plateNo)),
  spec("VehiclePlateColorCode", "车牌颜色代码", "freight_vehicles.plate_color_code", true, (s) => s.plateColorCode, coded(PLATE_COLOR_LIST)),
  spec("VehicleType", "车辆类型代码", "freight_vehicles.vehicle_type", true, (s) => codeOfName(VEHICLE_TYPE_LIST, s.vehicleType) ?? s.vehicleType, coded(VEHICLE_TYPE_LIST)),
  spec("Owner", "所有人", "freight_vehicles.owner_name", true, (s) => s.ownerName, maxLen(128)),
  spec("UseCharacter", "使用性质", "freight_vehicles.use_character", true, (s) => s.useCharacter, named(USE_CHARACTER_LIST)),
  spec("VIN", "车辆识别代号", "freight_vehicles.vin", true, (s) => s.vin, (v) => (v.length === 17 ? null : "应为 17 位")),
  spec("VehicleEnergyType", "车辆能源类型", "freight_vehicles.energy_type", true, (s) => s.energyType, coded(ENERGY_TYPE_LIST)),
  spec("VehicleTonnage", "核定载质量（吨）", "freight_vehicles.load_capacity", true, (s) => tonnes2(s.loadCapacityKg), positive),
  spec("GrossMass", "总质量（吨）", "freight_vehicles.gross_mass", true, (s) => (s.grossMassKg == null ? null : tonnes2(s.grossMassKg)), (v, p) => (Number(v) > Number(p.VehicleTonnage) ? null : "应大于核定载质量")),
  spec("RoadTransportCertificateNumber", "道路运输证号", "freight_vehicles.road_cert_no", true, (s) => s.roadCertNo),
  spec("TrailerVehiclePlateNumber", "挂车牌照号", "freight_vehicles.trailer_plate_no", false, (s) => (s.trailerPlateNo ? ministryPlate(s.trailerPlateNo) : null)),
];

export const CREW_SPECS: ReadonlyArray<FieldSpec<CaptainSource>> = [
  spec("CrewName", "船长姓名", "freight_captains.name", true, (s) => s.name, maxLen(30)),
  spec("IdentityDocumentNumber", "身份证号", "freight_captains.id_card_no", true, (s) => s.idCardNo, idCard),
  spec("CompetencyCertificateNumber", "适任证书号", "freight_captains.certificate_no", true, (s) => s.certificateNo),
  spec("Telephone", "手机号码", "freight_captains.mobile", true, (s) => s.mobile, mobile),
];

export const SHIP_SPECS: ReadonlyArray<FieldSpec<ShipSource>> = [
  spec("ShipName", "船名", "freight_ships.ship_name", true, (s) => s.shipName),
  spec("MMSI", "MMSI", "freight_ships.mmsi", true, (s) => s.mmsi, mmsi),
  spec("ShipIdentityNumber", "船舶识别号", "freight_ships.ship_identity_no", true, (s) => s.shipIdentityNo),
  spec("ShipType", "船舶类型", "freight_ships.ship_type", true, (s) => s.shipType),
  spec("DeadWeightTonnage", "载重吨", "freight_ships.load_capacity", true, (s) => tonnes2(s.deadweightKg), positive),
  spec("RegistryPort", "船籍港", "freight_ships.registry_port", false, (s) => s.registryPort),
];

const isRoad = (s: WaybillSource) => "plateNo" in s.conveyance;

const WAYBILL_COMMON: ReadonlyArray<FieldSpec<WaybillSource>> = [
  spec("OriginalDocumentNumber", "原始单号", "freights.order_no", true, (s) => s.orderNo, maxLen(35)),
  spec("ShippingNoteNumber", "运单号", "freights.freight_no", true, (s) => s.freightNo, maxLen(20)),
  spec("SerialNumber", "分段分单号", "—", true, () => "0000"),
  spec("VehicleAmount", "运输总车辆数", "—", true, () => "1"),
  spec("TransportTypeCode", "运输组织类型代码", "freights.freight_way", true, (s) => (isRoad(s) ? "1" : "3"), coded(TRANSPORT_TYPE_LIST)),
  spec("SendToProDateTime", "运单上传时间", "当前时间", true, (s) => chinaStamp(s.sendAt)),
  spec("Carrier", "网络货运经营者", "report_targets.carrier_name", true, (s) => s.carrier.name),
  spec("UnifiedSocialCreditIdentifier", "统一社会信用代码", "report_targets.credit_code", true, (s) => s.carrier.creditCode, (v) => (v.length === 18 ? null : "应为 18 位")),
  spec("PermitNumber", "道路运输经营许可证号", "report_targets.permit_number", true, (s) => s.carrier.permitNumber),
  spec("ConsignmentDateTime", "运单生成时间", "freights.created_at", true, (s) => chinaStamp(s.createdAt)),
  spec("BusinessTypeCode", "业务类型代码", "—", true, () => "1002996", coded(BUSINESS_TYPE_LIST)),
  spec("DespatchActualDateTime", "发货日期时间", "freights.loading_time", true, (s) => (s.loadingTime ? chinaStamp(s.loadingTime) : null)),
  spec("GoodsReceiptDateTime", "收货日期时间", "freights.unloading_time", true, (s) => (s.unloadingTime ? chinaStamp(s.unloadingTime) : null)),
  spec("ConsignorInfo.Consignor", "托运人", "freights.shipper_name", true, (s) => s.shipperName, maxLen(128)),
  spec("ConsignorInfo.PlaceOfLoading", "装货地址", "freights.loading_address", true, (s) => s.loadingAddress, maxLen(256)),
  spec("ConsignorInfo.CountrySubdivisionCode", "装货地区划代码", "freights.loading_region_code", true, (s) => placeRegion(s.loadingRegionCode, s.loadingAddress), region),
  spec("ConsigneeInfo.Consignee", "收货方", "freights.unloading_place", true, (s) => s.unloadingPlace, maxLen(128)),
  spec("ConsigneeInfo.GoodsReceiptPlace", "收货地址", "freights.unloading_address", true, (s) => s.unloadingAddress, maxLen(256)),
  spec("ConsigneeInfo.CountrySubdivisionCode", "收货地区划代码", "freights.unloading_region_code", true, (s) => placeRegion(s.unloadingRegionCode, s.unloadingAddress), region),
  spec("TotalMonetaryAmount", "运费金额（元）", "freights.freight_amount", true, (s) => yuan3(s.amountFen), positive),
  spec("TransportationCost", "运输费用（元）", "结算扣款项（油卡/ETC/路桥）", true, () => yuan3(0)),
  spec("TransportationDistance", "运输里程（公里）", "freight_track_points", true, (s) => String(s.distanceKm), positive),
  spec("FinishDateTime", "运单完结时间", "freights.complete_time", true, (s) => (s.completeTime ? chinaStamp(s.completeTime) : null)),
  spec("ActualCarrierInfo.ActualCarrierName", "实际承运人", "freights.carrier_name", true, (s) => s.carrierName),
  spec("ActualCarrierInfo.ActualCarrierID", "实际承运人证件号", "freight_drivers.id_card_no", true, (s) => s.carrierIdCardNo),
  spec("InsuranceInformation.PolicyNumber", "保险单号", "—", true, () => "none"),
  spec("InsuranceInformation.InsuranceCompanyCode", "保险公司代码", "—", true, () => "none"),
];

const road = (s: WaybillSource) => s.conveyance as Extract<WaybillSource["conveyance"], { plateNo: string }>;
const water = (s: WaybillSource) => s.conveyance as Extract<WaybillSource["conveyance"], { shipName: string }>;
const goods = (prefix: string): ReadonlyArray<FieldSpec<WaybillSource>> => [
  spec(`${prefix}.GoodsInfo.0.DescriptionOfGoods`, "货物名称", "freights.cargo_category", true, (s) => s.cargoName),
  spec(`${prefix}.GoodsInfo.0.CargoTypeClassificationCode`, "货物类型分类代码", "cargo_categories.ministry_code", true, (s) => s.cargoCode, coded(CARGO_CLASS_LIST)),
  spec(`${prefix}.GoodsInfo.0.GoodsItemGrossWeight`, "货物毛重（公斤）", "freights.loaded_weight", true, (s) => (s.loadedWeightKg == null ? null : kg3(s.loadedWeightKg)), positive),
];

export const WAYBILL_SPECS: ReadonlyArray<FieldSpec<WaybillSource>> = [
  ...WAYBILL_COMMON,
  spec("VehicleInfo.VehiclePlateColorCode", "车牌颜色代码", "freight_vehicles.plate_color_code", true, (s) => road(s).plateColorCode, coded(PLATE_COLOR_LIST)),
  spec("VehicleInfo.VehicleNumber", "车辆牌照号", "freight_vehicles.plate_no", true, (s) => ministryPlate(road(s).plateNo)),
  spec("VehicleInfo.Driver.0.DriverName", "驾驶员姓名", "freight_drivers.name", true, (s) => road(s).driverName),
  spec("VehicleInfo.Driver.0.DrivingLicense", "驾驶员身份证号", "freight_drivers.id_card_no", true, (s) => road(s).driverIdCardNo, idCard),
  ...goods("VehicleInfo"),
];

export const WATER_WAYBILL_SPECS: ReadonlyArray<FieldSpec<WaybillSource>> = [
  ...WAYBILL_COMMON,
  spec("ShipInfo.ShipName", "船名", "freight_ships.ship_name", true, (s) => water(s).shipName),
  spec("ShipInfo.MMSI", "MMSI", "freight_ships.mmsi", true, (s) => water(s).mmsi, mmsi),
  spec("ShipInfo.Captain.0.CaptainName", "船长姓名", "freight_captains.name", true, (s) => water(s).captainName),
  spec("ShipInfo.Captain.0.IdentityDocumentNumber", "船长身份证号", "freight_captains.id_card_no", true, (s) => water(s).captainIdCardNo, idCard),
  ...goods("ShipInfo"),
];

/** The 2020 notice's logical checks: time order, weight and distance, implied speed. */
export function waybillLogic(s: WaybillSource): CheckLine[] {
  const t = (v: string | null) => (v ? Date.parse(v) : NaN);
  const [created, loading, unloading, complete, sent] = [t(s.createdAt), t(s.loadingTime), t(s.unloadingTime), t(s.completeTime), t(s.sendAt)];
  const ordered = created <= loading && loading < unloading && unloading <= complete && complete <= sent;
  const hours = (unloading - loading) / 3600_000;
  const speed = hours > 0 ? s.distanceKm / hours : Infinity;
  const weight = s.loadedWeightKg ?? 0;
  return [
    logical("时间先后", ordered, "应满足 运单生成 ≤ 发货 < 收货 ≤ 完结 ≤ 上传"),
    logical("货物重量", weight > 0, "货物毛重应大于 0"),
    logical("超载", weight <= s.ratedLoadKg * 1.1, "货物毛重超过核定载质量的 1.1 倍", true),
    logical("平均速度", !isRoad(s) || speed <= 100, `运输里程与时间推算的平均速度 ${Number.isFinite(speed) ? speed.toFixed(0) : "∞"} 公里/小时 超过 100`),
  ];
}

/** What the payment service knows of one paid item (domain 8.5 Financiallist). */
export interface PaymentFields {
  paymentMeansCode: string;
  recipient: string;
  receiptAccount: string;
  bankCode: string;
  /** Bank serial when paid through the bank, else the ledger txn_no. */
  sequenceCode: string;
  /** net_to_payee (+ distribution when routed), fen. */
  amountFen: number;
  paidAt: string;
}

export interface CapitalFlowSource extends PaymentFields {
  carrier: CarrierSource;
  documentNumber: string;
  sendAt: string;
  actualCarrierName: string;
  actualCarrierId: string | null;
  conveyance: { plateNo: string; plateColorCode: string } | { shipName: string; mmsi: string };
  freightNo: string;
  waybillAmountFen: number;
  unloadingTime: string | null;
}

const capitalRoad = (s: CapitalFlowSource) => s.conveyance as { plateNo: string; plateColorCode: string };
const capitalWater = (s: CapitalFlowSource) => s.conveyance as { shipName: string; mmsi: string };

const CAPITAL_COMMON: ReadonlyArray<FieldSpec<CapitalFlowSource>> = [
  spec("DocumentNumber", "单证号", "payments.payment_no", true, (s) => s.documentNumber, maxLen(35)),
  spec("SendToProDateTime", "上传时间", "当前时间", true, (s) => chinaStamp(s.sendAt)),
  spec("Carrier", "实际承运人名称", "freights.carrier_name", true, (s) => s.actualCarrierName),
  spec("ActualCarrierID", "实际承运人证件号", "freight_drivers.id_card_no", true, (s) => s.actualCarrierId),
  spec("ShippingNoteList.0.ShippingNoteNumber", "运单号", "freights.freight_no", true, (s) => s.freightNo),
  spec("ShippingNoteList.0.SerialNumber", "分段分单号", "—", true, () => "0000"),
  spec("ShippingNoteList.0.TotalMonetaryAmount", "运单总金额（元）", "freights.freight_amount", true, (s) => yuan3(s.waybillAmountFen)),
  spec("Financiallist.0.PaymentMeansCode", "付款方式代码", "付款方式代码表", true, (s) => s.paymentMeansCode, coded(PAYMENT_MEANS_LIST)),
  spec("Financiallist.0.Recipient", "收款方", "payee name", true, (s) => s.recipient),
  spec("Financiallist.0.ReceiptAccount", "收款账号", "payee bank card", true, (s) => s.receiptAccount),
  spec("Financiallist.0.BankCode", "银行代码", "银行代码表", true, (s) => s.bankCode, coded(BANK_CODE_LIST)),
  spec("Financiallist.0.SequenceCode", "流水号", "bank serial / txn_no", true, (s) => s.sequenceCode),
  spec("Financiallist.0.MonetaryAmount", "实付金额（元）", "net_to_payee", true, (s) => yuan3(s.amountFen), positive),
  spec("Financiallist.0.DateTime", "付款时间", "paid_at", true, (s) => chinaStamp(s.paidAt)),
  spec("Remark", "备注", "—", false, (s) => (s.recipient !== s.actualCarrierName ? "代收" : null)),
];

export const CAPITAL_SPECS: ReadonlyArray<FieldSpec<CapitalFlowSource>> = [
  ...CAPITAL_COMMON,
  spec("VehicleNumber", "车辆牌照号", "freight_vehicles.plate_no", true, (s) => ministryPlate(capitalRoad(s).plateNo)),
  spec("VehiclePlateColorCode", "车牌颜色代码", "freight_vehicles.plate_color_code", true, (s) => capitalRoad(s).plateColorCode, coded(PLATE_COLOR_LIST)),
];

export const WATER_CAPITAL_SPECS: ReadonlyArray<FieldSpec<CapitalFlowSource>> = [
  ...CAPITAL_COMMON,
  spec("ShipName", "船名", "freight_ships.ship_name", true, (s) => capitalWater(s).shipName),
  spec("MMSI", "MMSI", "freight_ships.mmsi", true, (s) => capitalWater(s).mmsi, mmsi),
];

export function capitalLogic(s: CapitalFlowSource): CheckLine[] {
  return [
    logical("金额", s.amountFen <= s.waybillAmountFen, "实付金额之和不能超过运单总金额"),
    logical("付款时间", !s.unloadingTime || Date.parse(s.paidAt) >= Date.parse(s.unloadingTime), "付款早于收货（预付款）", true),
    logical("收款人", s.recipient === s.actualCarrierName, "收款方与实际承运人不一致（代收）", true),
  ];
}

/** Each message type's fields, by which a message is checked before it is sent and by the stand-in. */
export const MESSAGE_SPECS: Record<MessageType, ReadonlyArray<FieldSpec<never>>> = {
  DRIVER: DRIVER_SPECS, VEHICLE: VEHICLE_SPECS, WAYBILL: WAYBILL_SPECS, CAPITAL_FLOW: CAPITAL_SPECS,
  CREW: CREW_SPECS, SHIP: SHIP_SPECS, WATER_WAYBILL: WATER_WAYBILL_SPECS, WATER_CAPITAL_FLOW: WATER_CAPITAL_SPECS,
};

/** The failing lines of a check as one sentence naming each field and why: what a held record shows. */
export function heldReason(checks: CheckLine[]): string | null {
  const failing = checks.filter((c) => !c.ok);
  if (!failing.length) return null;
  const lines = failing.map((c) => (c.ministryField === "逻辑校验" ? `${c.label}：${c.message}` : `${c.label}（${c.ministryField}）${c.message}`));
  return `${lines.slice(0, 3).join("；")}${failing.length > 3 ? `；等 ${failing.length} 项` : ""}`.slice(0, 500);
}
