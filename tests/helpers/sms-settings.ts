import { ACCOUNT_SMS_CODES } from "../../contract/account-sms.js";

/** A production SMS provider's settings, complete: 阿里云 with a sign name and one template per message kind. */
export const PRODUCTION_SMS_SETTINGS: Record<string, string> = {
  TMS_SMS_PROVIDER: "aliyun",
  TMS_SMS_ACCOUNT: "acme",
  TMS_SMS_KEY: "k".repeat(20),
  TMS_SMS_SIGN: "皖粮运输",
  ...Object.fromEntries(ACCOUNT_SMS_CODES.map((code, i) => [`TMS_SMS_TEMPLATE_${code}`, `SMS_1000000${i}`])),
};
