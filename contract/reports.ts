/**
 * The report kit's wire types (domain 7.1): which reports exist, at which console path,
 * behind which permission code (spec 6); their common parameters; what a report answers (columns with
 * units, rows, a totals row, a chart). Charts are ECharts options (a subset), drawn on the server.
 */
import { z } from "zod";
import type { PermissionCode } from "./permissions";
import { formatDecimal } from "./numbers";
import { addDays, chinaDate } from "./units";
import { chinaDateText } from "./fields.js";

export const REPORT_IDS = [
  "loadingUnit",
  "unloadingUnit",
  "driverStatistics",
  "carStatistics",
  "goodsStatistics",
  "carOutput",
  "waybillAnalysis",
  "waybillRisk",
  "orderTrend",
  "shuikouBusiness",
  "supplier",
  "shareStatistics",
  "joinMetric",
  "platformData",
  "expenditure",
  "matchmakingSummary",
  "matchmakingDetail",
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export interface ReportMeta {
  title: string;
  /** The console page. */
  path: string;
  /** Spec 6: the code the page and its platform call require. */
  code: PermissionCode;
  /** Whether the 日/月 grouping switch applies. */
  periods?: boolean;
  /** Longest range in days (366 unless said). */
  maxDays?: number;
  /** The 统计维度 switch: the dimensions the rows may be grouped by (the first is the default). */
  dimensions?: readonly ReportDimension[];
}

export const REPORTS: Record<ReportId, ReportMeta> = {
  loadingUnit: { title: "装货单位运量统计", path: "/carStatisticalReport/loadingUnitList", code: "TMS_STATISTICS_OF_lOADING_TRAFFIC", periods: true },
  unloadingUnit: { title: "卸货单位运量统计", path: "/carStatisticalReport/unloadingUnitList", code: "TMS_STATISTICS_OF_UNLOADING_TRAFFIC", periods: true },
  driverStatistics: { title: "司机运量统计", path: "/carStatisticalReport/driverStatisticsList", code: "TMS_STATISTICS_OF_DRIVER_TRAFFIC" },
  carStatistics: { title: "车辆运量统计", path: "/carStatisticalReport/carStatisticsList", code: "TMS_STATISTICS_OF_VEHICLE_TRAFFIC" },
  goodsStatistics: { title: "货物运量统计", path: "/carStatisticalReport/goodsStatisticsList", code: "TMS_STATISTICS_OF_GOODS_TRAFFIC" },
  carOutput: { title: "车辆产值统计", path: "/carStatisticalReport/carOutputList", code: "TMS_STATISTICS_OF_VEHICLE_OUTPUT" },
  waybillAnalysis: { title: "运单点击分析", path: "/carStatisticalReport/waybillAnalysisList", code: "TMS_WAYBILL_ANALYSIS_MANAGEMENT", periods: true },
  waybillRisk: { title: "运单风险分析", path: "/carStatisticalReport/waybillRiskAnalyse", code: "TMS_WAYRILLRISK_ANALYSE" },
  orderTrend: { title: "历史订单趋势", path: "/carStatisticalReport/orderTrendReport", code: "TMS_ORDER_TREND_REPORT", maxDays: 1100 },
  shuikouBusiness: { title: "业务报表", path: "/shuikouBusiness/index", code: "SHUIKOU_BUSINESS_INDEX" },
  supplier: { title: "供应商报表", path: "/supplier/report", code: "TMS_SUPPLIER_REPORT" },
  shareStatistics: { title: "撮合运营分析", path: "/carStatisticalReport/shareStatistics", code: "TMS_WAYRILLRISK_SHARESTATISICS", periods: true },
  joinMetric: { title: "撮合统计", path: "/joinMetric/index", code: "TMS_JOIN_METRIC_ANALYSIS", dimensions: ["SHIPPER", "DRIVER"] },
  platformData: { title: "平台数据统计", path: "/financialManage/platformDataStatistics", code: "TMS_FINANCE_STATISTICS", periods: true },
  expenditure: { title: "支出统计", path: "/financialManage/expenditureStatistics", code: "TMS_FINANCE_STATISTICS", periods: true },
  matchmakingSummary: { title: "撮合开票汇总", path: "/financialManage/matchmakingBillingSummary", code: "TMS_MATCHMAKING_BILLING" },
  matchmakingDetail: { title: "撮合开票明细", path: "/financialManage/matchmakingBillingDetail", code: "TMS_MATCHMAKING_BILLING" },
};

/** 统计维度 of the reports that offer one (撮合统计: by shipper or by driver). */
export const REPORT_DIMENSIONS = { SHIPPER: "按托运人", DRIVER: "按司机/船长" } as const;
export type ReportDimension = keyof typeof REPORT_DIMENSIONS;

export const REPORT_PERIODS = { ALL: "合计", DAY: "按日", MONTH: "按月" } as const;

/** Where a click on a waybill page was made (运单点击分析). */
export const CLICK_MODULES = { WAYBILL: "运单", DISPATCH: "调度" } as const;
export type ClickModule = keyof typeof CLICK_MODULES;

export const clickSchema = z.object({
  module: z.enum(Object.keys(CLICK_MODULES) as [ClickModule, ...ClickModule[]], { message: "模块 不正确" }),
  content: z.string().trim().min(1, "请填写点击内容").max(32, "点击内容 最多 32 个字"),
  freightNo: z.string().regex(/^[A-Za-z0-9]{1,32}$/, "运单号格式不正确").optional(),
});

const dateField = chinaDateText;

/** Default range: this month (China time) up to today; orderTrend: the last 12 months. */
export function defaultRange(id: ReportId, today = chinaDate()): { dateFrom: string; dateTo: string } {
  if (id === "orderTrend") return { dateFrom: `${addDays(`${today.slice(0, 7)}-01`, -335).slice(0, 7)}-01`, dateTo: today };
  return { dateFrom: `${today.slice(0, 7)}-01`, dateTo: today };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The common parameters (domain 7.1): 时间范围 (≤ 366 days), 运输方式, 企业, 托运人, 日/月. */
export function reportParamsSchema(id: ReportId) {
  const maxDays = REPORTS[id].maxDays ?? 366;
  return z
    .object({
      dateFrom: dateField("开始日期"),
      dateTo: dateField("结束日期"),
      freightWay: z.enum(["ROAD", "WATER"], { message: "运输方式 不正确" }).optional(),
      orgId: z.coerce.number({ message: "企业 不正确" }).int("企业 不正确").positive("企业 不正确").optional(),
      shipper: z.string().trim().max(64, "托运人 最多 64 个字").optional(),
      period: z.enum(["ALL", "DAY", "MONTH"], { message: "统计周期 不正确" }).optional(),
      dimension: z.enum(Object.keys(REPORT_DIMENSIONS) as [ReportDimension, ...ReportDimension[]], { message: "统计维度 不正确" }).optional(),
    })
    .superRefine((p, issue) => {
      if (p.dateFrom > p.dateTo) issue.addIssue({ code: "custom", path: ["dateTo"], message: "结束日期不能早于开始日期" });
      else if (daysBetween(p.dateFrom, p.dateTo) > maxDays) issue.addIssue({ code: "custom", path: ["dateTo"], message: `时间范围不能超过 ${maxDays} 天` });
    });
}
export type ReportParams = z.infer<ReturnType<typeof reportParamsSchema>>;

export type ReportUnit = "单" | "吨" | "元" | "%" | "‰" | "次" | "人" | "小时" | "天" | "趟" | "吨公里" | "分";

export interface ReportColumn {
  key: string;
  label: string;
  unit?: ReportUnit;
  /** Decimals shown for numbers (0 for counts). Text columns have none. */
  decimals?: number;
}

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** The subset of an ECharts option the kit draws (the same object ECharts' SSR renderer takes). */
export interface ChartOption {
  title?: { text: string };
  xAxis?: { type: "category"; data: string[] };
  yAxis?: Array<{ type: "value"; name?: string }>;
  series: ChartSeries[];
}
export type ChartSeries =
  | { type: "bar"; name: string; data: number[]; stack?: string; yAxisIndex?: number }
  /** null: no figure for that category (a month outside the range or still to come), drawn as a gap. */
  | { type: "line"; name: string; data: Array<number | null>; yAxisIndex?: number }
  | { type: "pie"; name: string; data: Array<{ name: string; value: number }> }
  /** Stages in order, widest first (浏览 → 通话 → 抢单 → 成交). */
  | { type: "funnel"; name: string; data: Array<{ name: string; value: number }> };

export interface ReportResult {
  id: ReportId;
  title: string;
  params: ReportParams;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Sums and ratios over all rows (the first column reads 合计); null without rows. */
  totals: ReportRow | null;
  chart: ChartOption | null;
}

/** A column's header in tables and workbooks: 装货重量(吨). */
export const columnHeader = (c: ReportColumn) => (c.unit ? `${c.label}(${c.unit})` : c.label);

/** A cell as shown: numbers with their column's decimals and thousands separators (contract/numbers.ts), empty for null. */
export function formatCell(c: ReportColumn, value: ReportCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return c.decimals === undefined ? String(value) : formatDecimal(value, c.decimals);
  return value;
}
