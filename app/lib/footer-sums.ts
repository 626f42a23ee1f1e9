/** A list's footer sums (spec 2.4): which sums, their labels and units, and how they are shown. Isomorphic. */
import { fenToYuan, kgToTonnes } from "~/lib/format";

/** Footer sums as the platform sends them: weights in kg, money in fen. */
export interface FooterSums {
  totalWeight?: number;
  loadedWeight?: number;
  pickupWeight?: number;
  unloadedWeight?: number;
  totalFreight?: number;
  invoiceAmount?: number;
  shipperPayable?: number;
  netToPayee?: number;
  withdrawAmount?: number;
  income?: number;
  expense?: number;
  balance?: number;
  frozen?: number;
  payeePayable?: number;
  share?: number;
  budget?: number;
  granted?: number;
  received?: number;
  grantAmount?: number;
}

/** One sum as the pager's footer shows it: `label value unit`. */
export interface LabelledSum {
  key: string;
  label: string;
  value: string;
  unit: string;
}

const SUM_LABELS: Array<{ key: keyof FooterSums; label: string; unit: "吨" | "元" }> = [
  { key: "totalWeight", label: "总重量", unit: "吨" },
  { key: "loadedWeight", label: "装货重量", unit: "吨" },
  { key: "pickupWeight", label: "提货重量", unit: "吨" },
  { key: "unloadedWeight", label: "卸货重量", unit: "吨" },
  { key: "totalFreight", label: "总运费", unit: "元" },
  { key: "invoiceAmount", label: "开票金额", unit: "元" },
  { key: "shipperPayable", label: "货主应付", unit: "元" },
  { key: "netToPayee", label: "实付", unit: "元" },
  { key: "withdrawAmount", label: "提现金额", unit: "元" },
  { key: "income", label: "收入", unit: "元" },
  { key: "expense", label: "支出", unit: "元" },
  { key: "balance", label: "余额", unit: "元" },
  { key: "frozen", label: "冻结", unit: "元" },
  { key: "payeePayable", label: "应付金额", unit: "元" },
  { key: "share", label: "我的分成", unit: "元" },
  { key: "budget", label: "预算", unit: "元" },
  { key: "granted", label: "已发放", unit: "元" },
  { key: "received", label: "已领取", unit: "元" },
  { key: "grantAmount", label: "金额", unit: "元" },
];

/** The sums to show: each only when above 0, in 吨 or 元 with 2 decimals. */
export function footerSums(sums: FooterSums | null | undefined): LabelledSum[] {
  return SUM_LABELS.filter(({ key }) => (sums?.[key] ?? 0) > 0).map(({ key, label, unit }) => ({
    key,
    label,
    unit,
    value: unit === "吨" ? kgToTonnes(sums![key]) : fenToYuan(sums![key]),
  }));
}
