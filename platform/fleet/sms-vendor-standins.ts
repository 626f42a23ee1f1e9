/**
 * Stand-ins for the two SMS vendors (other parties' systems), out of production only: each is a small
 * HTTP server that checks a request the way its vendor does and answers in the vendor's format, so a
 * test through the real SDK proves the wire, not a mock of our client.
 * - 阿里云 (dysmsapi 2017-05-25 SendSms, RPC style): the ACS3-HMAC-SHA256 signature the SDK makes
 *   (canonical request of method, path, sorted query, the signed x-acs-* / host / content-type headers
 *   and the body's SHA-256; HMAC-SHA256 with the AccessKey secret), a fresh nonce and a date within 15
 *   minutes; PhoneNumbers, SignName, TemplateCode and TemplateParam (JSON with exactly the template's
 *   parameter names). Errors as 阿里云 answers them: HTTP 4xx {Code, Message, RequestId} for the
 *   signature and missing parameters, HTTP 200 {Code: "isv.…"} for the business refusals.
 * - 腾讯云 (sms 2021-01-11 SendSms): the TC3-HMAC-SHA256 signature (canonical request of method, path,
 *   query, content-type and host, the payload's SHA-256; the key derived from the SecretKey, date,
 *   service and tc3_request), a timestamp within 5 minutes; SmsSdkAppId, SignName, TemplateId,
 *   TemplateParamSet (as many as the template has) and PhoneNumberSet in +86 form. Errors as
 *   {Response: {Error: {Code, Message}, RequestId}} (AuthFailure.*, FailedOperation.*, …); a number's
 *   own refusal in its SendStatusSet entry.
 * Both remember what they accepted and answer its delivery receipt in the vendor's format (same
 * signature checks): 阿里云 QuerySendDetails (PhoneNumber, SendDate yyyyMMdd, BizId; SendStatus 3 发送成功
 * or 2 发送失败 with ErrCode), 腾讯云 PullSmsSendStatus (SmsSdkAppId, Limit; each report once, ReportStatus
 * SUCCESS or FAIL). Every message is delivered unless POST /_control/undelivered {count, code} marks the
 * next ones undeliverable.
 * Both take injected failures for tests: POST /_control/fail {count, code}; GET /_control/messages.
 * `tsx scripts/sms-standin.ts` runs one on its own port (SMS_STANDIN_PROVIDER).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { MOBILE_PATTERN } from "../../contract/validation.js";
import { chinaDay, type VendorProvider } from "./sms-providers.js";

export interface VendorStandinOptions {
  provider: VendorProvider;
  accessKeyId: string;
  accessKeySecret: string;
  /** 腾讯云 SmsSdkAppId the account owns. */
  appId?: string;
  /** Sign names the account has approved. */
  signNames: string[];
  /** Approved templates: code → parameter names (腾讯云 counts them: its parameters are positional). */
  templates: Record<string, string[]>;
  port?: number;
}

export interface VendorStandinMessage {
  requestId: string;
  messageId: string;
  mobile: string;
  signName: string;
  templateCode: string;
  /** The parameters as sent: 阿里云 by name, 腾讯云 in order ("1", "2", …). */
  params: Record<string, string>;
  /** When it was accepted (ISO), and the carrier's code when it cannot be delivered. */
  at: string;
  undeliveredCode: string | null;
  /** 腾讯云: its receipt has been pulled (each is answered once). */
  reported: boolean;
}

export interface VendorStandinState {
  options: VendorStandinOptions;
  failures: string[];
  /** Carrier codes for the next accepted messages that will not be delivered. */
  undelivered: string[];
  sent: VendorStandinMessage[];
  nonces: Set<string>;
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const requestIdOf = () => randomUUID().toUpperCase();

/** The raw body, as both signatures are over it. */
function rawBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, String(body)));
}
const rawOf = (request: FastifyRequest) => (typeof request.body === "string" ? request.body : "");

/** Query parameters as sent (decoded), in their raw order; `+` is a literal plus, as 阿里云 encodes spaces %20. */
function queryOf(url: string): Array<[string, string]> {
  const q = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  return q
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return at < 0 ? [decodeURIComponent(pair), ""] : [decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1))];
    });
}

const aliyunEncode = (s: string) => encodeURIComponent(s).replace(/!/g, "%21").replace(/'/g, "%27").replace(/\(/g, "%28").replace(/\)/g, "%29").replace(/\*/g, "%2A");

/** 阿里云's ACS3-HMAC-SHA256 check; the refusal (HTTP status and body) or null. */
function aliyunAuthProblem(state: VendorStandinState, request: FastifyRequest, raw: string): { http: number; code: string; message: string } | null {
  const header = String(request.headers.authorization ?? "");
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(header);
  if (!match) return { http: 400, code: "IncompleteSignature", message: "The request signature does not conform to Aliyun standards." };
  const [, keyId, signed, signature] = match as unknown as [string, string, string, string];
  if (keyId !== state.options.accessKeyId) return { http: 404, code: "InvalidAccessKeyId.NotFound", message: "Specified access key is not found." };
  const signedHeaders = signed.split(";");
  for (const needed of ["host", "x-acs-action", "x-acs-content-sha256", "x-acs-date", "x-acs-signature-nonce", "x-acs-version"])
    if (!signedHeaders.includes(needed)) return { http: 400, code: "IncompleteSignature", message: `The header ${needed} must be signed.` };
  const headerValue = (name: string) => String(request.headers[name] ?? "").trim();
  if (headerValue("x-acs-content-sha256") !== sha256Hex(raw)) return { http: 400, code: "SignatureDoesNotMatch", message: "The content hash does not match the body." };
  const date = Date.parse(headerValue("x-acs-date"));
  if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return { http: 400, code: "InvalidTimeStamp.Expired", message: "Specified time stamp or date value is expired." };
  const nonce = headerValue("x-acs-signature-nonce");
  if (state.nonces.has(nonce)) return { http: 400, code: "SignatureNonceUsed", message: "Specified signature nonce was used already." };
  const query = queryOf(request.url)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${aliyunEncode(v)}`)
    .join("&");
  const path = request.url.split("?")[0]!;
  const headers = [...signedHeaders].sort().map((name) => `${name}:${headerValue(name)}\n`).join("");
  const canonical = `${request.method}\n${path}\n${query}\n${headers}\n${signedHeaders.join(";")}\n${sha256Hex(raw)}`;
  const expected = createHmac("sha256", state.options.accessKeySecret).update(`ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`).digest("hex");
  if (!sameText(expected, signature)) return { http: 400, code: "SignatureDoesNotMatch", message: "Specified signature is not matched with our calculation." };
  state.nonces.add(nonce);
  return null;
}

/** A message the stand-in accepts: remembered with its delivery fate. */
function accept(state: VendorStandinState, message: Omit<VendorStandinMessage, "at" | "undeliveredCode" | "reported">) {
  state.sent.push({ ...message, at: new Date().toISOString(), undeliveredCode: state.undelivered.shift() ?? null, reported: false });
}

async function aliyunApi(state: VendorStandinState, request: FastifyRequest, response: FastifyReply) {
  const raw = rawOf(request);
  const RequestId = requestIdOf();
  const refused = aliyunAuthProblem(state, request, raw);
  if (refused) return response.code(refused.http).send({ RequestId, Code: refused.code, Message: refused.message, HostId: "dysmsapi.aliyuncs.com" });
  const action = request.headers["x-acs-action"];
  if ((action !== "SendSms" && action !== "QuerySendDetails") || request.headers["x-acs-version"] !== "2017-05-25") return response.code(404).send({ RequestId, Code: "InvalidAction.NotFound", Message: "Specified api is not found, please check your url and method." });
  // RPC parameters arrive in the query or a form body.
  const params = new Map([...queryOf(request.url), ...(String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ? queryOf(`?${raw}`) : [])]);
  return action === "SendSms" ? aliyunSendSms(state, params, RequestId, response) : aliyunQuerySendDetails(state, params, RequestId, response);
}


/** QuerySendDetails: the account's messages to one number on one day (China time), optionally one BizId. */
function aliyunQuerySendDetails(state: VendorStandinState, params: Map<string, string>, RequestId: string, response: FastifyReply) {
  for (const name of ["PhoneNumber", "SendDate", "PageSize", "CurrentPage"]) if (!params.get(name)) return response.code(400).send({ RequestId, Code: `Missing${name}`, Message: `${name} is mandatory for this action.` });
  if (!/^\d{8}$/.test(params.get("SendDate")!)) return { RequestId, Code: "isv.SendDate", Message: "SendDate 格式应为 yyyyMMdd" };
  const size = Math.min(50, Number(params.get("PageSize")));
  const page = Math.max(1, Number(params.get("CurrentPage")));
  const bizId = params.get("BizId");
  const found = state.sent.filter((m) => m.mobile === params.get("PhoneNumber") && chinaDay(m.at) === params.get("SendDate") && (!bizId || m.messageId === bizId));
  const SmsSendDetailDTO = found.slice((page - 1) * size, page * size).map((m) => ({
    PhoneNum: m.mobile,
    SendStatus: m.undeliveredCode ? 2 : 3,
    ErrCode: m.undeliveredCode ?? "DELIVERED",
    TemplateCode: m.templateCode,
    Content: `【${m.signName}】`,
    SendDate: m.at.replace("T", " ").slice(0, 19),
    ReceiveDate: m.at.replace("T", " ").slice(0, 19),
    OutId: "",
  }));
  return { RequestId, Code: "OK", Message: "OK", TotalCount: String(found.length), SmsSendDetailDTOs: { SmsSendDetailDTO } };
}

function aliyunSendSms(state: VendorStandinState, params: Map<string, string>, RequestId: string, response: FastifyReply) {
  for (const name of ["PhoneNumbers", "SignName", "TemplateCode"]) if (!params.get(name)) return response.code(400).send({ RequestId, Code: `Missing${name}`, Message: `${name} is mandatory for this action.` });
  const business = (Code: string, Message: string) => ({ RequestId, Code, Message });
  const injected = state.failures.shift();
  if (injected) return business(injected, `模拟失败 ${injected}`);
  const mobile = params.get("PhoneNumbers")!;
  if (!MOBILE_PATTERN.test(mobile)) return business("isv.MOBILE_NUMBER_ILLEGAL", "非法手机号");
  const signName = params.get("SignName")!;
  if (!state.options.signNames.includes(signName)) return business("isv.SMS_SIGNATURE_ILLEGAL", "该账号下找不到对应签名");
  const templateCode = params.get("TemplateCode")!;
  const names = state.options.templates[templateCode];
  if (!names) return business("isv.SMS_TEMPLATE_ILLEGAL", "该账号下找不到对应模板");
  let values: Record<string, unknown>;
  try {
    values = JSON.parse(params.get("TemplateParam") ?? "{}") as Record<string, unknown>;
    if (!values || typeof values !== "object" || Array.isArray(values)) throw new Error("not an object");
  } catch {
    return business("isv.INVALID_JSON_PARAM", "JSON参数不合法，只接受字符串值");
  }
  const missing = names.filter((n) => typeof values[n] !== "string" || !values[n]);
  if (missing.length) return business("isv.TEMPLATE_MISSING_PARAMETERS", `模板变量缺少对应参数值：${missing.join(",")}`);
  const extra = Object.keys(values).filter((n) => !names.includes(n));
  if (extra.length) return business("isv.INVALID_PARAMETERS", `模板中没有这些变量：${extra.join(",")}`);
  const BizId = `${Date.now()}${String(state.sent.length).padStart(4, "0")}^0`;
  accept(state, { requestId: RequestId, messageId: BizId, mobile, signName, templateCode, params: values as Record<string, string> });
  return { RequestId, Code: "OK", Message: "OK", BizId };
}

/** 腾讯云's TC3-HMAC-SHA256 check; the error (code and message) or null. */
function tencentAuthProblem(state: VendorStandinState, request: FastifyRequest, raw: string): { code: string; message: string } | null {
  const header = String(request.headers.authorization ?? "");
  const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(header);
  if (!match) return { code: "AuthFailure.InvalidAuthorization", message: "Authorization 不符合腾讯云标准。" };
  const [, secretId, date, service, signed, signature] = match as unknown as [string, string, string, string, string, string];
  if (secretId !== state.options.accessKeyId) return { code: "AuthFailure.SecretIdNotFound", message: "密钥不存在。" };
  const timestamp = Number(request.headers["x-tc-timestamp"]);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return { code: "AuthFailure.SignatureExpire", message: "签名过期。" };
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return { code: "AuthFailure.SignatureFailure", message: "凭证日期与时间戳不符。" };
  const host = String(request.headers.host ?? "").replace(/:\d+$/, "");
  // The service is the endpoint's first label (sms.tencentcloudapi.com), as the SDK derives it.
  if (service !== host.split(".")[0]) return { code: "AuthFailure.SignatureFailure", message: "凭证中的服务与请求地址不符。" };
  const signedHeaders = signed.split(";");
  if (!signedHeaders.includes("content-type") || !signedHeaders.includes("host")) return { code: "AuthFailure.SignatureFailure", message: "content-type 与 host 必须参与签名。" };
  const value = (name: string) => (name === "host" ? host : String(request.headers[name] ?? "").trim());
  const [path, query = ""] = request.url.split("?") as [string, string?];
  const headers = signedHeaders.map((name) => `${name}:${value(name)}\n`).join("");
  const canonical = `${request.method}\n${path}\n${query}\n${headers}\n${signed}\n${sha256Hex(raw)}`;
  const kDate = hmac(`TC3${state.options.accessKeySecret}`, date);
  const kSigning = hmac(hmac(kDate, service), "tc3_request");
  const expected = createHmac("sha256", kSigning).update(`TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256Hex(canonical)}`).digest("hex");
  if (!sameText(expected, signature)) return { code: "AuthFailure.SignatureFailure", message: "请求签名验证失败，请检查您的签名计算是否正确。" };
  return null;
}

async function tencentApi(state: VendorStandinState, request: FastifyRequest) {
  const raw = rawOf(request);
  const RequestId = randomUUID();
  const error = (Code: string, Message: string) => ({ Response: { Error: { Code, Message }, RequestId } });
  const refused = tencentAuthProblem(state, request, raw);
  if (refused) return error(refused.code, refused.message);
  const action = request.headers["x-tc-action"];
  if ((action !== "SendSms" && action !== "PullSmsSendStatus") || request.headers["x-tc-version"] !== "2021-01-11") return error("InvalidAction", "接口不存在。");
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return error("InvalidParameter", "请求体不是 JSON。");
  }
  return action === "SendSms" ? tencentSendSms(state, body, RequestId, error) : tencentPullSmsSendStatus(state, body, RequestId, error);
}

type TencentError = (Code: string, Message: string) => unknown;

/** PullSmsSendStatus: receipts not pulled yet, oldest first, at most Limit (≤ 100); each answered once. */
function tencentPullSmsSendStatus(state: VendorStandinState, body: Record<string, unknown>, RequestId: string, error: TencentError) {
  for (const name of ["SmsSdkAppId", "Limit"]) if (body[name] === undefined || body[name] === "") return error("MissingParameter", `缺少参数 ${name}。`);
  if (body.SmsSdkAppId !== state.options.appId) return error("InvalidParameterValue.SdkAppIdNotExist", "SdkAppId 不存在。");
  const limit = Number(body.Limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return error("InvalidParameterValue", "Limit 应为 1 到 100。");
  const pulled = state.sent.filter((m) => !m.reported).slice(0, limit);
  const PullSmsSendStatusSet = pulled.map((m) => {
    m.reported = true;
    return {
      UserReceiveTime: Math.floor(Date.parse(m.at) / 1000),
      CountryCode: "86",
      SubscriberNumber: m.mobile,
      PhoneNumber: `+86${m.mobile}`,
      SerialNo: m.messageId,
      ReportStatus: m.undeliveredCode ? "FAIL" : "SUCCESS",
      Description: m.undeliveredCode ?? "用户短信接收成功",
      SessionContext: "",
    };
  });
  return { Response: { PullSmsSendStatusSet, RequestId } };
}

function tencentSendSms(state: VendorStandinState, body: Record<string, unknown>, RequestId: string, error: TencentError) {
  for (const name of ["SmsSdkAppId", "TemplateId", "PhoneNumberSet"]) if (body[name] === undefined || body[name] === "") return error("MissingParameter", `缺少参数 ${name}。`);
  const injected = state.failures.shift();
  if (injected) return error(injected, `模拟失败 ${injected}`);
  if (body.SmsSdkAppId !== state.options.appId) return error("InvalidParameterValue.SdkAppIdNotExist", "SdkAppId 不存在。");
  const signName = String(body.SignName ?? "");
  if (!state.options.signNames.includes(signName)) return error("FailedOperation.SignatureIncorrectOrUnapproved", "签名未审批或格式错误。");
  const templateCode = String(body.TemplateId);
  const names = state.options.templates[templateCode];
  if (!names) return error("FailedOperation.TemplateIncorrectOrUnapproved", "模板未审批或内容不匹配。");
  const values = Array.isArray(body.TemplateParamSet) ? (body.TemplateParamSet as unknown[]) : [];
  if (values.length !== names.length || values.some((v) => typeof v !== "string" || !v)) return error("FailedOperation.TemplateParamSetNotMatchApprovedTemplate", `请求内容与审核通过的模板内容不匹配：模板有 ${names.length} 个参数，收到 ${values.length} 个。`);
  const numbers = Array.isArray(body.PhoneNumberSet) ? (body.PhoneNumberSet as unknown[]).map(String) : [];
  const SendStatusSet = numbers.map((number, index) => {
    const mobile = number.replace(/^\+86/, "");
    if (!number.startsWith("+86") || !MOBILE_PATTERN.test(mobile)) return { SerialNo: "", PhoneNumber: number, Fee: 0, SessionContext: "", Code: "InvalidParameterValue.IncorrectPhoneNumber", Message: "手机号格式错误", IsoCode: "" };
    const SerialNo = `2433:${Date.now()}${String(state.sent.length + index).padStart(4, "0")}`;
    accept(state, { requestId: RequestId, messageId: SerialNo, mobile, signName, templateCode, params: Object.fromEntries(values.map((v, i) => [String(i + 1), String(v)])) });
    return { SerialNo, PhoneNumber: number, Fee: 1, SessionContext: "", Code: "Ok", Message: "send success", IsoCode: "CN" };
  });
  return { Response: { SendStatusSet, RequestId } };
}

export async function vendorStandinRoutes(app: FastifyInstance, state: VendorStandinState): Promise<void> {
  rawBodies(app);
  if (state.options.provider === "aliyun") app.post("/", (request, response) => aliyunApi(state, request, response));
  else app.post("/", (request) => tencentApi(state, request));
  app.post("/_control/fail", async (request) => {
    const body = JSON.parse(rawOf(request) || "{}") as { count?: number; code?: string };
    for (let i = 0; i < Math.min(50, Number(body.count ?? 1)); i++) state.failures.push(String(body.code ?? (state.options.provider === "aliyun" ? "isv.BUSINESS_LIMIT_CONTROL" : "LimitExceeded.PhoneNumberDailyLimit")));
    return { queued: state.failures.length };
  });
  app.post("/_control/undelivered", async (request) => {
    const body = JSON.parse(rawOf(request) || "{}") as { count?: number; code?: string };
    for (let i = 0; i < Math.min(50, Number(body.count ?? 1)); i++) state.undelivered.push(String(body.code ?? (state.options.provider === "aliyun" ? "MK:0001" : "DELIVRD_FAIL")));
    return { queued: state.undelivered.length };
  });
  app.get("/_control/messages", async () => ({ sent: state.sent }));
}

/** Starts a vendor's stand-in on 127.0.0.1 (a free port unless given). */
export async function startVendorStandin(options: VendorStandinOptions): Promise<{ url: string; state: VendorStandinState; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  const state: VendorStandinState = { options, failures: [], undelivered: [], sent: [], nonces: new Set() };
  await app.register((scope) => vendorStandinRoutes(scope, state));
  const url = await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  return { url, state, close: () => app.close() };
}
