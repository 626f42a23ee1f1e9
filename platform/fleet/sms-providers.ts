/**
 * The two SMS vendors production uses, each through its official Node SDK: 阿里云短信服务
 * (`@alicloud/dysmsapi20170525` SendSms, signed ACS3-HMAC-SHA256 by the SDK) and 腾讯云短信
 * (`tencentcloud-sdk-nodejs-sms` v20210111 SendSms, signed TC3-HMAC-SHA256). Both are aimed at
 * TMS_SMS_URL, so tests point them at the vendors' stand-ins (sms-vendor-standins.ts) over plain http.
 * A send answers what the vendor said (accepted with its request and message ids, or refused with its
 * error code and message); it never throws. Delivery receipts are asked for later (`receiptsFromVendor`).
 */
import DysmsapiModule, { QuerySendDetailsRequest, SendSmsRequest } from "@alicloud/dysmsapi20170525";
import { Config } from "@alicloud/openapi-client";
import * as tencentcloud from "tencentcloud-sdk-nodejs-sms";
import { SMS_PROVIDER_ENDPOINTS, type ProviderTemplate } from "../../contract/account-sms.js";
import { chinaDate } from "../../contract/units.js";

export type VendorProvider = keyof typeof SMS_PROVIDER_ENDPOINTS;

export interface VendorAccount {
  provider: VendorProvider;
  /** TMS_SMS_URL: scheme and host of the API (the vendor's own unless set). */
  url: string | null;
  accessKeyId: string;
  accessKeySecret: string;
  /** 腾讯云 SmsSdkAppId. */
  appId: string | null;
  region: string | null;
}

export interface VendorMessage {
  signName: string;
  template: ProviderTemplate;
  mobile: string;
  values: Record<string, string>;
}

export interface VendorAnswer {
  accepted: boolean;
  requestId: string | null;
  messageId: string | null;
  /** `code：message` as the vendor answered, or why it could not be reached. */
  error: string | null;
  /** What was sent (the template and its parameters, never the credentials). */
  request: string;
  response: string | null;
}

const TIMEOUT_MS = 5_000;
// A CommonJS module: under Node's ESM loader the default import is its exports object, whose default is the client.
const Dysmsapi = (DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ?? DysmsapiModule;

function endpointOf(account: VendorAccount) {
  const url = new URL(account.url ?? SMS_PROVIDER_ENDPOINTS[account.provider]);
  return { protocol: url.protocol.replace(":", ""), host: url.host };
}

const valueOf = (message: VendorMessage, value: string) => message.values[value] ?? "";

function aliyunClient(account: VendorAccount) {
  const { protocol, host } = endpointOf(account);
  return new Dysmsapi(
    new Config({ accessKeyId: account.accessKeyId, accessKeySecret: account.accessKeySecret, endpoint: host, protocol, regionId: account.region ?? "cn-hangzhou", readTimeout: TIMEOUT_MS, connectTimeout: TIMEOUT_MS }),
  );
}

function tencentClient(account: VendorAccount) {
  const { protocol, host } = endpointOf(account);
  return new tencentcloud.sms.v20210111.Client({
    credential: { secretId: account.accessKeyId, secretKey: account.accessKeySecret },
    region: account.region ?? "ap-guangzhou",
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: TIMEOUT_MS / 1000 } },
  });
}

async function sendAliyun(account: VendorAccount, message: VendorMessage): Promise<VendorAnswer> {
  const client = aliyunClient(account);
  const templateParam = JSON.stringify(Object.fromEntries(message.template.params.map((p) => [p.name, valueOf(message, p.value)])));
  const request = { PhoneNumbers: message.mobile, SignName: message.signName, TemplateCode: message.template.templateCode, TemplateParam: templateParam };
  try {
    const reply = await client.sendSms(new SendSmsRequest({ phoneNumbers: request.PhoneNumbers, signName: request.SignName, templateCode: request.TemplateCode, templateParam }));
    const body = reply.body;
    const accepted = body?.code === "OK";
    return {
      accepted,
      requestId: body?.requestId ?? null,
      messageId: accepted ? (body?.bizId ?? null) : null,
      error: accepted ? null : `${body?.code ?? "UNKNOWN"}：${body?.message ?? ""}`,
      request: JSON.stringify(request),
      response: JSON.stringify(body ?? null),
    };
  } catch (error) {
    // The SDK throws for an HTTP error answer (a bad signature, a throttled account) and when unreachable.
    const e = error as { code?: string; message?: string; data?: Record<string, unknown> };
    const said = typeof e.data?.Message === "string" ? e.data.Message : e.message;
    const requestId = typeof e.data?.RequestId === "string" ? e.data.RequestId : null;
    return { accepted: false, requestId, messageId: null, error: vendorError(e.code, said), request: JSON.stringify(request), response: e.data ? JSON.stringify(e.data) : null };
  }
}

async function sendTencent(account: VendorAccount, message: VendorMessage): Promise<VendorAnswer> {
  const client = tencentClient(account);
  const request = {
    SmsSdkAppId: account.appId ?? "",
    SignName: message.signName,
    TemplateId: message.template.templateCode,
    TemplateParamSet: message.template.params.map((p) => valueOf(message, p.value)),
    PhoneNumberSet: [`+86${message.mobile}`],
  };
  try {
    const reply = await client.SendSms(request);
    const status = reply.SendStatusSet?.[0];
    const accepted = status?.Code === "Ok";
    return {
      accepted,
      requestId: reply.RequestId ?? null,
      messageId: accepted ? (status?.SerialNo ?? null) : null,
      error: accepted ? null : `${status?.Code ?? "UNKNOWN"}：${status?.Message ?? ""}`,
      request: JSON.stringify(request),
      response: JSON.stringify(reply),
    };
  } catch (error) {
    const e = error as { code?: string; message?: string; requestId?: string };
    return { accepted: false, requestId: e.requestId || null, messageId: null, error: vendorError(e.code, e.message), request: JSON.stringify(request), response: e.code ? JSON.stringify({ Code: e.code, Message: e.message }) : null };
  }
}

function vendorError(code: string | undefined, message: string | undefined): string {
  if (code) return `${code}：${(message ?? "").split("\n")[0]!.slice(0, 150)}`;
  return /timeout|timed out/i.test(message ?? "") ? "短信服务商响应超时" : `短信服务商无法连接：${(message ?? "").slice(0, 100)}`;
}

/** Sends one message through the vendor's SDK. */
export function sendThroughVendor(account: VendorAccount, message: VendorMessage): Promise<VendorAnswer> {
  return account.provider === "aliyun" ? sendAliyun(account, message) : sendTencent(account, message);
}

/** A message the vendor accepted, whose delivery is not known yet. */
export interface SentMessage {
  messageId: string;
  mobile: string;
  /** When it was sent (ISO): 阿里云 asks for the China date of the send. */
  sentAt: string;
}

/** What the vendor's receipt says of one message: delivered, or not with the carrier's code. */
export interface VendorReceipt {
  messageId: string;
  delivered: boolean;
  error: string | null;
}

/** 阿里云's SendDate: the China date as yyyyMMdd. */
export const chinaDay = (iso: string) => chinaDate(iso).replace(/-/g, "");

/** 阿里云 QuerySendDetails, one message at a time (SendStatus 1 等待回执, 2 发送失败, 3 发送成功). */
async function aliyunReceipts(account: VendorAccount, messages: SentMessage[]): Promise<VendorReceipt[]> {
  const client = aliyunClient(account);
  const receipts: VendorReceipt[] = [];
  for (const message of messages) {
    const reply = await client.querySendDetails(new QuerySendDetailsRequest({ phoneNumber: message.mobile, sendDate: chinaDay(message.sentAt), bizId: message.messageId, pageSize: 10, currentPage: 1 }));
    if (reply.body?.code !== "OK") throw new Error(`QuerySendDetails ${reply.body?.code ?? "UNKNOWN"}：${reply.body?.message ?? ""}`);
    const detail = reply.body.smsSendDetailDTOs?.smsSendDetailDTO?.find((d) => d.phoneNum === message.mobile);
    if (detail?.sendStatus === 3) receipts.push({ messageId: message.messageId, delivered: true, error: null });
    if (detail?.sendStatus === 2) receipts.push({ messageId: message.messageId, delivered: false, error: `${detail.errCode ?? "UNKNOWN"}：运营商回执发送失败` });
  }
  return receipts;
}

/**
 * 腾讯云 PullSmsSendStatus: the account's receipts not pulled yet, 100 at a time (each is answered once,
 * so every report is kept, whichever message it belongs to).
 */
async function tencentReceipts(account: VendorAccount): Promise<VendorReceipt[]> {
  const client = tencentClient(account);
  const receipts: VendorReceipt[] = [];
  for (let page = 0; page < 20; page++) {
    const reply = await client.PullSmsSendStatus({ Limit: 100, SmsSdkAppId: account.appId ?? "" });
    const set = reply.PullSmsSendStatusSet ?? [];
    for (const report of set) {
      if (!report.SerialNo) continue;
      const delivered = report.ReportStatus === "SUCCESS";
      receipts.push({ messageId: report.SerialNo, delivered, error: delivered ? null : `${report.ReportStatus ?? "FAIL"}：${report.Description ?? ""}`.slice(0, 200) });
    }
    if (set.length < 100) break;
  }
  return receipts;
}

/** Asks the vendor what became of messages it accepted; answers only those it has a receipt for. Throws when unreachable. */
export function receiptsFromVendor(account: VendorAccount, messages: SentMessage[]): Promise<VendorReceipt[]> {
  return account.provider === "aliyun" ? aliyunReceipts(account, messages) : tencentReceipts(account);
}
