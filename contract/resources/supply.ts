/**
 * 货源管理 (domain 4): a cargo source (货源) an organisation publishes to the drivers' cargo hall, audited by
 * platform or tenant staff, repriced with a history (调价记录), taken off the shelf and closed; and what the
 * driver app records about it: subscriptions (货源订阅), calls (通话记录), favourites (收藏记录) and disputes
 * (纠纷), the last handled by platform staff. Audit, detail, publish, edit and reprice share one form screen:
 * the engine's form in create and update mode, its detail page, its audit page and a transition page
 * (改价) whose inputs are the new prices.
 */
import { FREIGHT_WAY_LABELS } from "../freight.js";
import { permille, pricePerTonne } from "./cargo.js";
import { BUSINESS_MODES } from "./enterprise.js";
import { defineResource, f, req, type Options } from "./kit.js";
import { AUDITORS, ENABLE_STATES } from "./vocabulary.js";

export const FREIGHT_WAY_OPTIONS = { ROAD: { label: FREIGHT_WAY_LABELS.ROAD }, WATER: { label: FREIGHT_WAY_LABELS.WATER } } as const satisfies Options;

export const SUPPLY_STATES = {
  DRAFT: { label: "草稿" },
  PENDING_AUDIT: { label: "待审核", tone: "warning" },
  REJECTED: { label: "审核驳回", tone: "error" },
  PUBLISHED: { label: "已发布", tone: "success" },
  FULL: { label: "已满载", tone: "info" },
  OFF_SHELF: { label: "已下架", tone: "warning" },
  EXPIRED: { label: "已过期" },
  CLOSED: { label: "已关闭" },
} as const satisfies Options;
export type SupplyState = keyof typeof SUPPLY_STATES;

/** Supplies that still offer (or may soon offer) tonnage: they count against their order's remainder. */
export const OPEN_SUPPLY_STATES: readonly SupplyState[] = ["PENDING_AUDIT", "PUBLISHED", "FULL"];

export const STOWAGE_MODES = { BY_WEIGHT: { label: "按重量" }, BY_VEHICLE: { label: "按车数" } } as const satisfies Options;
export const PRICE_MODES = { FIXED: { label: "一口价" }, NEGOTIABLE: { label: "电议" } } as const satisfies Options;
export const PREPAY_TYPES = { FIXED: { label: "定额" }, RATE: { label: "定率" } } as const satisfies Options;
export const PUBLISH_SCOPES = { PUBLIC: { label: "货源大厅" }, ASSIGNED: { label: "指定司机/车队长" }, FLEET: { label: "合作车队" } } as const satisfies Options;

/** Who publishes: the organisation's dispatchers, or platform staff on its behalf. */
export const SUPPLY_WRITERS = ["SYSTEM_USER", "ORG_USER"] as const;
/** Domain 4.3 [choice]: a change of more than 30 % must be confirmed. */
export const LARGE_PRICE_CHANGE = 0.3;
/** 预付定率 ceiling: 50 % (domain 4.1: 5000 bp). */
export const MAX_PREPAY_RATE_PCT = 50;
/** 有效期至 at most this long after 装货截止. */
export const VALID_AFTER_LOADING_MS = 3 * 86_400_000;

const price = (label: string, o: Parameters<typeof f.moneyFen>[2] = {}) => pricePerTonne(label, o);

const S = (section: string, o: { list?: boolean; filter?: "eq" | "contains" | "range"; form?: boolean | "create" } = {}) => ({ detail: section, form: true as boolean | "create", export: true, ...o });
const BASIC = "基本信息";
const PLACES = "装卸信息";
const QUANTITY = "数量";
const PRICES = "价格";
const TIMES = "时间";
const PUBLISH = "发布";
const REQUIRE = "凭证要求";
const AUDIT = "审核信息";
const STATS = "浏览/通话统计";

const auditRemark = (required: boolean) => ({ auditRemark: f.textarea("审核意见", 500, { required }) });

export const supply = defineResource({
  key: "supply",
  name: "货源",
  api: "tms-supply",
  titleField: "supplyNo",
  fields: {
    supplyNo: f.text("货源单号", 20, { list: true, detail: BASIC, export: true, filter: "contains" }),
    orderNo: f.text("来源订单号", 32, { ...S(BASIC, { form: "create", list: false, filter: "contains" }), sanitize: true, hint: "选填：从订单发布时填写订单号，货源总量不能超过订单剩余量" }),
    businessMode: f.enumOf("业务模式", BUSINESS_MODES, { ...S(BASIC, { list: true, filter: "eq" }), required: true }),
    freightWay: f.enumOf("运输方式", FREIGHT_WAY_OPTIONS, { ...S(BASIC, { filter: "eq" }), required: true }),
    shipperId: f.ref("托运人", "shipper", "shipperName", { ...S(BASIC), required: true }),
    projectId: f.ref("项目", "project", "projectName", S(BASIC)),
    cargoId: f.ref("货物", "cargo", "cargoLabel", { form: true, required: true }),
    cargoName: f.text("货物名称", 64, { list: true, detail: BASIC, export: true, filter: "contains" }),
    categoryName: f.text("货物类别", 16, { detail: BASIC, export: true }),
    loadingPlace: f.text("装货地", 64, { ...S(PLACES, { list: true, filter: "contains" }), required: true, sanitize: true }),
    loadingRegionCode: f.region("装货地区划", { ...S(PLACES), required: true }),
    loadingAddress: f.text("装货详细地址", 200, { ...S(PLACES), required: true }),
    loadingContactName: f.text("装货联系人", 32, { ...S(PLACES, { list: true }), required: true, sanitize: true }),
    loadingContactMobile: f.mobile("装货联系电话", { ...S(PLACES), required: true }),
    unloadingPlace: f.text("卸货地", 64, { ...S(PLACES, { list: true, filter: "contains" }), required: true, sanitize: true }),
    unloadingRegionCode: f.region("卸货地区划", { ...S(PLACES), required: true }),
    unloadingAddress: f.text("卸货详细地址", 200, { ...S(PLACES), required: true }),
    unloadingContactName: f.text("卸货联系人", 32, { ...S(PLACES, { list: true }), required: true, sanitize: true }),
    unloadingContactMobile: f.mobile("卸货联系电话", { ...S(PLACES), required: true }),
    distanceKm: f.int("运输里程", 1, 5000, { ...S(PLACES), required: true, unit: "公里" }),
    stowageMode: f.enumOf("配载方式", STOWAGE_MODES, { ...S(QUANTITY, { list: true }), required: true }),
    totalWeight: f.weightKg("货源总量", 100_000_000, { ...S(QUANTITY, { list: true }), hint: "按重量配载时必填" }),
    totalVehicles: f.int("需车数", 1, 1000, { ...S(QUANTITY, { list: true }), unit: "车", hint: "按车数配载时必填" }),
    perVehicleWeight: f.weightKg("单车约载", 200_000, { ...S(QUANTITY), hint: "按车数配载时必填" }),
    takenWeight: f.weightKg("已抢重量", 100_000_000, { list: true, detail: QUANTITY, export: true }),
    takenVehicles: f.int("已抢车数", 0, 100_000, { list: true, detail: QUANTITY, export: true, unit: "车" }),
    priceMode: f.enumOf("报价方式", PRICE_MODES, { ...S(PRICES), required: true }),
    carrierUnitPrice: req(price("司机运价", { ...S(PRICES, { list: true }), hint: "成交后为运单运价" })),
    shipperUnitPrice: price("托运单价", { ...S(PRICES, { list: true }), hint: "自营业务必填，不向司机展示" }),
    cargoUnitPrice: price("货物单价", { ...S(PRICES), hint: "用于亏吨扣款" }),
    lossAllowanceBp: req(permille("合理损耗", { detail: PRICES, form: true, export: true, hint: "千分比，如 3 表示 3 ‰" })),
    prepayEnabled: f.bool("预付运费", { ...S(PRICES), required: true }),
    prepayType: f.enumOf("预付类型", PREPAY_TYPES, S(PRICES)),
    prepayAmount: f.moneyFen("预付金额", 100_000_000, { ...S(PRICES), hint: "定额预付时必填（每车）" }),
    prepayRatePct: f.int("预付比例", 1, MAX_PREPAY_RATE_PCT, { ...S(PRICES), unit: "%", hint: "定率预付时必填，最高 50%" }),
    vehicleRequirement: f.text("车辆要求", 100, { ...S("车辆要求"), placeholder: "如 13 米高栏，或 船舶载重不低于 1000 吨" }),
    loadingFrom: f.datetime("装货开始", { ...S(TIMES), required: true }),
    loadingTo: f.datetime("装货截止", { ...S(TIMES), required: true }),
    validUntil: f.datetime("有效期至", { ...S(TIMES, { list: true }), required: true, hint: "不晚于装货截止后 3 天" }),
    publishScope: f.enumOf("发布范围", PUBLISH_SCOPES, { ...S(PUBLISH, { filter: "eq" }), required: true }),
    assignedMobiles: f.text("指定接单人手机号", 200, { ...S(PUBLISH), hint: "指定或合作车队发布时必填，多个用逗号分隔" }),
    contactName: f.text("货源联系人", 32, { ...S(PUBLISH), required: true, sanitize: true }),
    contactMobile: f.mobile("货源联系电话", { ...S(PUBLISH), required: true }),
    requireLoadingProof: f.bool("装货须上传凭证", { ...S(REQUIRE), required: true }),
    requireUnloadingProof: f.bool("卸货须上传凭证", { ...S(REQUIRE), required: true }),
    scanToAccept: f.bool("扫码接单", S(REQUIRE)),
    remark: f.textarea("备注", 500, { detail: "备注", form: true, export: true }),
    auditRemark: f.textarea("审核意见", 500, { detail: AUDIT }),
    offReason: f.text("下架原因", 200, { detail: AUDIT }),
    viewCount: f.int("浏览数", 0, Number.MAX_SAFE_INTEGER, { list: true, detail: STATS, export: true }),
    callCount: f.int("通话数", 0, Number.MAX_SAFE_INTEGER, { list: true, detail: STATS, export: true }),
    favoriteCount: f.int("收藏数", 0, Number.MAX_SAFE_INTEGER, { list: true, detail: STATS, export: true }),
    publishedTime: f.datetime("发布时间", { list: true, detail: BASIC, export: true, column: "published_at" }),
    published: f.datetime("发布时间", { column: "published_at", filter: "range" }),
  },
  status: {
    field: "status",
    label: "货源状态",
    initial: "DRAFT",
    states: SUPPLY_STATES,
    editableIn: ["DRAFT", "REJECTED", "PUBLISHED"],
    deletableIn: ["DRAFT"],
    transitions: {
      publish: { label: "发布", from: ["DRAFT", "REJECTED"], to: "PENDING_AUDIT", permission: "TMS_NEW_SOURCE", kinds: SUPPLY_WRITERS, tone: "primary", confirm: "发布后货源将提交平台审核，审核通过后在货源大厅展示" },
      approve: { label: "通过", from: ["PENDING_AUDIT"], to: "PUBLISHED", permission: "TMS_AUDIT_SOURCE", kinds: AUDITORS, group: "audit", input: auditRemark(false), tone: "primary" },
      reject: { label: "驳回", from: ["PENDING_AUDIT"], to: "REJECTED", permission: "TMS_AUDIT_SOURCE", kinds: AUDITORS, group: "audit", input: auditRemark(true), tone: "danger" },
      reprice: {
        label: "改价",
        from: ["PUBLISHED", "FULL"],
        to: "PUBLISHED",
        permission: "TMS_UPDATA_SOURCEPRICE",
        kinds: SUPPLY_WRITERS,
        group: "reprice",
        tone: "primary",
        input: {
          newCarrierPrice: req(price("新司机运价")),
          newShipperPrice: price("新托运单价", { hint: "不改托运单价时留空" }),
          priceReason: f.text("调价原因", 200, { required: true }),
          confirmLarge: f.bool("确认大幅调价", { hint: "调价幅度超过 30% 时须选择「是」" }),
        },
      },
      offShelf: { label: "下架", from: ["PUBLISHED", "FULL"], to: "OFF_SHELF", permission: "TMS_UPDATA_SOURCE", kinds: [...SUPPLY_WRITERS, "TENANT_USER"], tone: "danger", input: { offReason: f.text("下架原因", 200, { required: true }) } },
      reshelf: { label: "重新上架", from: ["OFF_SHELF"], to: "PENDING_AUDIT", permission: "TMS_UPDATA_SOURCE", kinds: SUPPLY_WRITERS, confirm: "重新上架需再次审核，审核通过后在货源大厅展示" },
      close: { label: "关闭", from: ["PENDING_AUDIT", "REJECTED", "PUBLISHED", "FULL", "OFF_SHELF", "EXPIRED"], to: "CLOSED", permission: "TMS_UPDATA_SOURCE", kinds: SUPPLY_WRITERS, tone: "danger", confirm: "关闭后不能再接单，已生成的运单继续执行；关闭不可撤销" },
    },
  },
  permissions: {
    list: ["TMS_SOURCE_LIST"],
    detail: ["TMS_SOURCE_LIST", "TMS_AUDIT_SOURCE", "TMS_UPDATA_SOURCE", "TMS_UPDATA_SOURCEPRICE"],
    create: ["TMS_NEW_SOURCE"],
    update: ["TMS_UPDATA_SOURCE"],
    delete: ["TMS_NEW_SOURCE"],
    export: ["TMS_SOURCE_LIST"],
  },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: SUPPLY_WRITERS },
  keyword: { label: "货源单号/订单号", fields: ["supplyNo", "orderNo"] },
  defaultSort: ["createdTime", "desc"],
  example: {
    as: "ORG_USER",
    refs: ["shipper", "cargo"],
    body: (n, refs) => {
      const day = 86_400_000;
      const start = Math.ceil(Date.now() / day) * day + day;
      return {
        businessMode: "MATCHMAKING",
        freightWay: "ROAD",
        shipperId: refs.shipper,
        cargoId: refs.cargo,
        loadingPlace: `中储粮蚌埠直属库${n}`,
        loadingRegionCode: "340302",
        loadingAddress: "安徽省蚌埠市龙子湖区东海大道 1688 号",
        loadingContactName: "孙保管",
        loadingContactMobile: "13805520011",
        unloadingPlace: "芜湖港朱家桥港区",
        unloadingRegionCode: "340207",
        unloadingAddress: "安徽省芜湖市鸠江区朱家桥港区港湾路 8 号",
        unloadingContactName: "钱调度",
        unloadingContactMobile: "13905530022",
        distanceKm: 260,
        stowageMode: "BY_WEIGHT",
        totalWeight: 600_000,
        priceMode: "FIXED",
        carrierUnitPrice: 8_500,
        lossAllowanceBp: 30,
        prepayEnabled: false,
        loadingFrom: new Date(start).toISOString(),
        loadingTo: new Date(start + 5 * day).toISOString(),
        validUntil: new Date(start + 6 * day).toISOString(),
        publishScope: "PUBLIC",
        contactName: "李调度",
        contactMobile: "13800000003",
        requireLoadingProof: true,
        requireUnloadingProof: true,
      };
    },
  },
});

const READ_ONLY = { list: true, detail: true, export: true } as const;
/** Rows written by 改价 or the driver app, never by a generic create: the example only serves the unit test. */
const RECORDED = { as: "SYSTEM_USER", body: () => ({}) } as const;

/** 调价记录 (domain 4.3): written by 改价, shown on the supply's detail page. */
export const supplyPriceChange = defineResource({
  key: "supplyPriceChange",
  name: "调价记录",
  api: "tms-supply-price-change",
  titleField: "reason",
  fields: {
    supplyId: f.int("货源", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
    oldCarrierPrice: pricePerTonne("原司机运价", READ_ONLY),
    newCarrierPrice: pricePerTonne("新司机运价", READ_ONLY),
    oldShipperPrice: pricePerTonne("原托运单价", READ_ONLY),
    newShipperPrice: pricePerTonne("新托运单价", READ_ONLY),
    reason: f.text("调价原因", 200, READ_ONLY),
    operatorName: f.text("操作人", 32, READ_ONLY),
  },
  permissions: { list: ["TMS_SOURCE_LIST", "TMS_UPDATA_SOURCEPRICE", "TMS_AUDIT_SOURCE"], detail: ["TMS_SOURCE_LIST", "TMS_UPDATA_SOURCEPRICE", "TMS_AUDIT_SOURCE"], export: ["TMS_SOURCE_LIST"] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  example: RECORDED,
  defaultSort: ["createdTime", "desc"],
  createdFilter: "调价时间",
});

/** 货源订阅 (domain 4.4): created in the driver app; platform staff stop or restart a subscription. */
export const supplySubscription = defineResource({
  key: "supplySubscription",
  name: "货源订阅",
  api: "tms-supply-subscription",
  titleField: "subscriberMobile",
  fields: {
    subscriberName: f.text("订阅人", 32, READ_ONLY),
    subscriberMobile: f.mobile("手机号", { ...READ_ONLY, filter: "contains", mask: true }),
    fromRegionCode: f.region("出发地区划", { detail: true, export: true, filter: "eq" }),
    fromRegionName: f.text("出发地", 32, READ_ONLY),
    toRegionCode: f.region("到达地区划", { detail: true, export: true, filter: "eq" }),
    toRegionName: f.text("到达地", 32, READ_ONLY),
    categoryName: f.text("货物类别", 16, READ_ONLY),
    freightWay: f.enumOf("运输方式", FREIGHT_WAY_OPTIONS, READ_ONLY),
    vehicleType: f.text("车型", 16, READ_ONLY),
    pushChannels: f.text("推送渠道", 64, { detail: true, export: true }),
    matchedCount: f.int("推送次数", 0, Number.MAX_SAFE_INTEGER, READ_ONLY),
    lastPushedTime: f.datetime("最近推送", { ...READ_ONLY, column: "last_pushed_at" }),
  },
  status: {
    field: "enabled",
    label: "状态",
    initial: "ENABLED",
    states: ENABLE_STATES,
    editableIn: [],
    transitions: {
      disable: { label: "停用", from: ["ENABLED"], to: "DISABLED", permission: "TMS_SUBSCRIBE_LIST", kinds: ["SYSTEM_USER"], tone: "danger", confirm: "停用后该订阅不再推送匹配货源" },
      enable: { label: "启用", from: ["DISABLED"], to: "ENABLED", permission: "TMS_SUBSCRIBE_LIST", kinds: ["SYSTEM_USER"] },
    },
  },
  permissions: { list: ["TMS_SUBSCRIBE_LIST"], detail: ["TMS_SUBSCRIBE_LIST"], export: ["TMS_SUBSCRIBE_LIST"] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  example: RECORDED,
  defaultSort: ["createdTime", "desc"],
  createdFilter: "创建时间",
});

export const CALL_TYPES = { DIRECT: { label: "直拨" }, VIRTUAL: { label: "隐私号" } } as const satisfies Options;
export const CALL_RESULTS = { CONNECTED: { label: "已接通", tone: "success" }, MISSED: { label: "未接通", tone: "warning" }, UNKNOWN: { label: "未知" } } as const satisfies Options;

/** The supply an app record is about: its id (the detail page's filter), number and line, copied when recorded. */
const ofSupply = () => ({
  supplyId: f.int("货源", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
  supplyNo: f.text("货源单号", 20, { ...READ_ONLY, filter: "contains" }),
  route: f.text("线路", 140, READ_ONLY),
});

/** 通话记录 (domain 4.5): read-only, written by the app's call button. */
export const supplyCallLog = defineResource({
  key: "supplyCallLog",
  name: "通话记录",
  api: "tms-supply-call-log",
  titleField: "supplyNo",
  fields: {
    ...ofSupply(),
    callerName: f.text("司机", 32, { ...READ_ONLY, filter: "contains" }),
    callerMobile: f.mobile("司机手机", { ...READ_ONLY, filter: "contains", mask: true }),
    calleeMobile: f.mobile("联系人电话", { ...READ_ONLY, mask: true }),
    callType: f.enumOf("呼叫方式", CALL_TYPES, { detail: true, export: true }),
    startedTime: f.datetime("呼叫时间", { ...READ_ONLY, column: "started_at" }),
    started: f.datetime("呼叫时间", { column: "started_at", filter: "range" }),
    durationS: f.int("时长", 0, 86_400, { ...READ_ONLY, unit: "秒" }),
    result: f.enumOf("结果", CALL_RESULTS, { ...READ_ONLY, filter: "eq" }),
    grabbed: f.bool("是否接单", { ...READ_ONLY, filter: "eq" }),
  },
  permissions: { list: ["TMS_CALL_LOG"], detail: ["TMS_CALL_LOG"], export: ["TMS_CALL_LOG"] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  example: RECORDED,
  defaultSort: ["startedTime", "desc"],
});

/** 收藏记录 (domain 4.6): read-only, written by the app's favourite button. */
export const supplyFavorite = defineResource({
  key: "supplyFavorite",
  name: "收藏记录",
  api: "tms-supply-favorite",
  titleField: "supplyNo",
  fields: {
    ...ofSupply(),
    cargoName: f.text("货物", 64, READ_ONLY),
    carrierUnitPrice: pricePerTonne("运价", READ_ONLY),
    userName: f.text("司机", 32, { ...READ_ONLY, filter: "contains" }),
    userMobile: f.mobile("手机号", { ...READ_ONLY, mask: true }),
    supplyStatus: f.enumOf("货源状态", SUPPLY_STATES, READ_ONLY),
    grabbed: f.bool("是否已接单", READ_ONLY),
    cancelledTime: f.datetime("取消收藏时间", { detail: true, export: true, column: "cancelled_at" }),
  },
  permissions: { list: ["TMS_COLLECT_LOG"], detail: ["TMS_COLLECT_LOG"], export: ["TMS_COLLECT_LOG"] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  example: RECORDED,
  defaultSort: ["createdTime", "desc"],
  createdFilter: "收藏时间",
});

export const DISPUTE_STATES = {
  PENDING: { label: "待处理", tone: "warning" },
  PROCESSING: { label: "处理中", tone: "info" },
  RESOLVED: { label: "已解决", tone: "success" },
  REJECTED: { label: "不予受理", tone: "error" },
  CLOSED: { label: "已关闭" },
} as const satisfies Options;
export const DISPUTE_TYPES = {
  EMPTY_RUN: { label: "放空/不装货" },
  PRICE: { label: "运价争议" },
  WAIT_TIME: { label: "压车等待" },
  CARGO_MISMATCH: { label: "货物与描述不符" },
  DEPOSIT: { label: "定金/预付争议" },
  OTHER: { label: "其他" },
} as const satisfies Options;
export const DISPUTE_PARTIES = { DRIVER: { label: "司机" }, SHIPPER: { label: "货主/企业" } } as const satisfies Options;
export const COMPENSATION_PAYERS = { ORG: { label: "企业" }, DRIVER: { label: "司机" }, PLATFORM: { label: "平台" } } as const satisfies Options;

const DISPUTE = "纠纷信息";
const HANDLING = "处理记录";

/** 纠纷 (domain 4.7): raised in the apps, handled by platform staff: 受理 → 处理 (结果, 补偿) → 关闭, or 不予受理. */
export const supplyDispute = defineResource({
  key: "supplyDispute",
  name: "纠纷",
  api: "tms-supply-dispute",
  titleField: "disputeNo",
  fields: {
    disputeNo: f.text("纠纷编号", 20, { list: true, detail: DISPUTE, export: true }),
    supplyId: f.int("货源", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
    supplyNo: f.text("货源单号", 20, { list: true, detail: DISPUTE, export: true }),
    freightNo: f.text("运单号", 32, { list: true, detail: DISPUTE, export: true }),
    type: f.enumOf("纠纷类型", DISPUTE_TYPES, { list: true, detail: DISPUTE, export: true, filter: "eq" }),
    raisedByRole: f.enumOf("发起方", DISPUTE_PARTIES, { list: true, detail: DISPUTE, export: true }),
    raisedByName: f.text("发起人", 32, { list: true, detail: DISPUTE, export: true }),
    raisedByMobile: f.mobile("发起人电话", { list: true, detail: DISPUTE, export: true, mask: true }),
    description: f.textarea("纠纷描述", 1000, { detail: DISPUTE, export: true }),
    claimAmount: f.moneyFen("诉求金额", 100_000_000, { list: true, detail: DISPUTE, export: true }),
    handlerName: f.text("处理人", 32, { list: true, detail: HANDLING, export: true }),
    resolution: f.textarea("处理结果", 1000, { detail: HANDLING, export: true }),
    compensationAmount: f.moneyFen("补偿金额", 100_000_000, { detail: HANDLING, export: true }),
    compensationPayer: f.enumOf("补偿方", COMPENSATION_PAYERS, { detail: HANDLING, export: true }),
    resolvedTime: f.datetime("解决时间", { detail: HANDLING, export: true, column: "resolved_at" }),
    closedTime: f.datetime("关闭时间", { detail: HANDLING, export: true, column: "closed_at" }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: DISPUTE_STATES,
    editableIn: [],
    transitions: {
      accept: { label: "受理", from: ["PENDING"], to: "PROCESSING", permission: "TMS_DISPUTE_HANDLING", kinds: AUDITORS, tone: "primary", confirm: "受理后由您负责处理该纠纷" },
      resolve: {
        label: "处理",
        from: ["PROCESSING"],
        to: "RESOLVED",
        permission: "TMS_DISPUTE_HANDLING",
        kinds: AUDITORS,
        tone: "primary",
        input: {
          resolution: f.textarea("处理结果", 1000, { required: true }),
          compensationAmount: f.moneyFen("补偿金额", 100_000_000, { hint: "不超过诉求金额" }),
          compensationPayer: f.enumOf("补偿方", COMPENSATION_PAYERS, { hint: "有补偿金额时必选" }),
        },
      },
      reject: { label: "不予受理", from: ["PENDING"], to: "REJECTED", permission: "TMS_DISPUTE_HANDLING", kinds: AUDITORS, tone: "danger", input: { resolution: f.textarea("不予受理原因", 1000, { required: true }) } },
      close: { label: "关闭", from: ["RESOLVED"], to: "CLOSED", permission: "TMS_DISPUTE_HANDLING", kinds: AUDITORS, confirm: "双方已确认处理结果，关闭后不能再修改" },
    },
  },
  permissions: { list: ["TMS_DISPUTE_HANDLING"], detail: ["TMS_DISPUTE_HANDLING"], export: ["TMS_DISPUTE_HANDLING"] },
  kinds: { read: AUDITORS, write: [] },
  example: RECORDED,
  keyword: { label: "编号/货源/运单", fields: ["disputeNo", "supplyNo", "freightNo"] },
  defaultSort: ["createdTime", "desc"],
  createdFilter: "创建时间",
});
