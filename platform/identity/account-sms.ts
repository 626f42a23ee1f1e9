/**
 * Sends the platform's own messages (contract/account-sms.ts) through the configured SMS provider (the
 * stand-in out of production, 阿里云 or 腾讯云 in production), each kind with its template of
 * TMS_SMS_TEMPLATE_<KIND> and the sign name of TMS_SMS_SIGN; every send is logged in sms_send_logs
 * with the password or code masked. Outside production the text also goes to the development outbox,
 * where tests and the login page's helpers read it. Call after your transaction commits.
 */
import { ACCOUNT_SMS, defaultProviderTemplate, type AccountSmsCode, type AccountSmsValues } from "../../contract/account-sms.js";
import { renderSms } from "../../contract/sms.js";
import type { ServiceContext } from "../context.js";
import { sendSms, smsSettings, type SmsSubject } from "../fleet/sms-gateway.js";
import { devOutbox } from "./outbox.js";

export interface AccountSms<C extends AccountSmsCode> {
  code: C;
  platformId: string;
  orgId: number | null;
  userId: number | null;
  mobile: string;
  values: AccountSmsValues<C>;
  /** The development outbox's kind for this message (what existing readers look for). */
  outboxKind: string;
  /** What the development outbox keeps; the rendered text unless given (a code's readers want the code alone). */
  outboxContent?: string;
  /** The invitation or credential it is about (kept on the log row for 重发). */
  subject?: SmsSubject;
}

/** What became of one account message: accepted, or refused with the provider's reason; its log row. */
export interface AccountSmsOutcome {
  accepted: boolean;
  error: string | null;
  logId: number | null;
}

const PURPOSE: Record<AccountSmsCode, "CODE" | "ACCOUNT" | "INVITE"> = {
  VERIFICATION_CODE: "CODE",
  ENTERPRISE_ADMIN: "ACCOUNT",
  PASSWORD_ISSUED: "ACCOUNT",
  CARRIER_ACCOUNT: "ACCOUNT",
  INVITATION: "INVITE",
  CREDENTIAL_EXPIRY: "ACCOUNT",
};

/** Sends one account message; answers whether the provider accepted it (a refusal is logged, never thrown). */
export async function sendAccountSms<C extends AccountSmsCode>(ctx: ServiceContext, message: AccountSms<C>): Promise<AccountSmsOutcome> {
  const values = message.values as Record<string, string>;
  try {
    const settings = smsSettings();
    const platform = settings.TMS_SMS_SIGN ? null : await ctx.db.kysely.selectFrom("platforms").select("name").where("id", "=", message.platformId).executeTakeFirst();
    const signName = (settings.TMS_SMS_SIGN ?? platform?.name ?? "运输管理平台").slice(0, 12);
    const providerTemplate = settings[`TMS_SMS_TEMPLATE_${message.code}`] ?? defaultProviderTemplate(message.code);
    const template = { id: null, code: message.code, signName, content: ACCOUNT_SMS[message.code].content, providerTemplateId: providerTemplate.templateCode };
    await devOutbox(ctx, message.outboxKind, message.mobile, message.outboxContent ?? renderSms(signName, template.content, values));
    const sent = await sendSms(ctx, ctx.db.kysely, { platformId: message.platformId, orgId: message.orgId, userId: message.userId, purpose: PURPOSE[message.code], template, mobile: message.mobile, values, secret: ["password", "code"], providerTemplate, subject: message.subject });
    if (!sent.accepted) ctx.log.warn({ code: message.code, userId: message.userId, error: sent.error }, "account SMS refused by the provider");
    return sent;
  } catch (error) {
    ctx.log.error({ err: error, code: message.code, userId: message.userId }, "account SMS failed");
    return { accepted: false, error: "短信发送异常，请稍后重发", logId: null };
  }
}
