/**
 * 短信模板 (domain 7.2 sms_templates): the template codes an organisation may write, each with the
 * `${var}` placeholders it may use (and a sample value for 测试发送), the segment rule (70 characters a
 * message, 67 per part when longer) and the rendering both the platform and the SMS gateway apply.
 */
export interface SmsTemplateCode {
  label: string;
  /** Placeholder → [中文 meaning, sample value used by 测试发送]. */
  vars: Record<string, [meaning: string, sample: string]>;
}

export const SMS_TEMPLATE_CODES = {
  DISPATCH_NOTICE: { label: "派单通知", vars: { freightNo: ["运单号", "YD20261123000001"], plateNo: ["车牌号", "皖C12345"], loadingPlace: ["装货地", "蚌埠"], unloadingPlace: ["卸货地", "芜湖"] } },
  LOADING_REMIND: { label: "装货提醒", vars: { freightNo: ["运单号", "YD20261123000001"], plateNo: ["车牌号", "皖C12345"], loadingTime: ["装货时间", "11月24日 08:00"] } },
  TIMEOUT_ALERT: { label: "超时提醒", vars: { freightNo: ["运单号", "YD20261123000001"], plateNo: ["车牌号", "皖C12345"], alertType: ["告警类型", "停车超时"] } },
  PAYMENT_ARRIVED: { label: "运费到账", vars: { freightNo: ["运单号", "YD20261123000001"], amount: ["金额（元）", "3,250.00"] } },
  INVITE: { label: "找车邀请", vars: { plateNo: ["车牌号", "皖C12345"], orgName: ["企业名称", "蚌埠粮食运输有限公司"], route: ["线路", "蚌埠 → 芜湖"], mobile: ["联系电话", "13800000003"] } },
} as const satisfies Record<string, SmsTemplateCode>;
export type SmsCode = keyof typeof SMS_TEMPLATE_CODES;
export const SMS_CODE_OPTIONS = Object.fromEntries(Object.entries(SMS_TEMPLATE_CODES).map(([code, t]) => [code, { label: t.label }])) as { [K in SmsCode]: { label: string } };

const PLACEHOLDER = /\$\{([A-Za-z]+)\}/g;

/** The placeholders a content uses, in order of first use. */
export function placeholdersOf(content: string): string[] {
  return [...new Set([...content.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Why a content cannot be a template of `code` (unknown placeholders, a stray `${`), or null. */
export function templateProblem(code: SmsCode, content: string): string | null {
  const allowed = SMS_TEMPLATE_CODES[code].vars as Record<string, unknown>;
  const unknown = placeholdersOf(content).filter((v) => !(v in allowed));
  if (unknown.length) return `模板内容的变量 ${unknown.map((v) => `\${${v}}`).join("、")} 不能用于「${SMS_TEMPLATE_CODES[code].label}」，可用：${Object.keys(allowed).map((v) => `\${${v}}`).join("、")}`;
  if (content.replace(PLACEHOLDER, "").includes("${")) return "模板内容中的变量格式不正确，应为 ${变量名}";
  if (/[【】]/.test(content)) return "模板内容不能包含【】，签名由短信签名字段提供";
  return null;
}

/** The message as sent: 【签名】 + content with every placeholder filled (missing values left as they are). */
export function renderSms(signName: string, content: string, values: Record<string, string>): string {
  return `【${signName}】${content.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole)}`;
}

/** The sample values of a code (测试发送). */
export function sampleValues(code: SmsCode): Record<string, string> {
  return Object.fromEntries(Object.entries(SMS_TEMPLATE_CODES[code].vars).map(([name, [, sample]]) => [name, sample]));
}

export { maskMobile } from "./personal.js";
