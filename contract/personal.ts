/**
 * How personal numbers are shown (docs/design/security-data.md "Personal data"): one mask each, used by
 * lists, details, form read-back, messages, exports and submission pages alike.
 */
import { isIdCardNo } from "./validation.js";

/** The permission code 查看完整证件号: 查看完整 on a detail and 导出完整证件号, each written to 操作日志. */
export const SENSITIVE_VIEW = "TMS_SENSITIVE_VIEW";

/** 3401**********0316: the first and last four characters of an ID, licence or taxpayer number; a short one keeps its last four. */
export function maskIdNo(value: string): string {
  if (value.length > 8) return `${value.slice(0, 4)}${"*".repeat(value.length - 8)}${value.slice(-4)}`;
  if (value.length > 4) return `${"*".repeat(value.length - 4)}${value.slice(-4)}`;
  return value;
}

/** 138****5678 */
export const maskMobile = (mobile: string) => (mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile);

const ID_RUN = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g;
/** Free text (a file name, a remark) with every valid ID number in it masked, so none is kept in clear by accident. */
export const maskIdNumbersIn = (text: string) => text.replace(ID_RUN, (run) => (isIdCardNo(run) ? maskIdNo(run.toUpperCase()) : run));
