/**
 * Sends the platform's account messages (contract/account-sms.ts) through the SMS gateway client
 * (the stand-in out of production, the configured provider in production); every send is logged in
 * sms_send_logs with the password masked. Outside production the text also goes to the development
 * outbox, where tests and the login page's helpers read it. Call after your transaction commits.
 */
import { ACCOUNT_SMS, type AccountSmsCode, type AccountSmsValues } from "../../contract/account-sms.js";
import { renderSms } from "../../contract/sms.js";
import type { ServiceContext } from "../context.js";
import { sendSms } from "../fleet/sms-gateway.js";
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
}

/** The provider's id of a platform template: `TMS_SMS_TEMPLATE_<CODE>`, else the id operations file it under by default. */
export const providerTemplateIdOf = (code: AccountSmsCode, env: NodeJS.ProcessEnv = process.env) => env[`TMS_SMS_TEMPLATE_${code}`] || `SMS_SYS_${code}`;

/** Sends one account message; answers whether the gateway accepted it (a refusal is logged, never thrown). */
export async function sendAccountSms<C extends AccountSmsCode>(ctx: ServiceContext, message: AccountSms<C>): Promise<boolean> {
  const values = message.values as Record<string, string>;
  try {
    const platform = await ctx.db.kysely.selectFrom("platforms").select("name").where("id", "=", message.platformId).executeTakeFirst();
    const signName = (process.env.TMS_SMS_SIGN || platform?.name || "运输管理平台").slice(0, 12);
    const template = { id: null, code: message.code, signName, content: ACCOUNT_SMS[message.code].content, providerTemplateId: providerTemplateIdOf(message.code) };
    await devOutbox(ctx, message.outboxKind, message.mobile, message.outboxContent ?? renderSms(signName, template.content, values));
    const purpose = message.code === "VERIFICATION_CODE" ? "CODE" : "ACCOUNT";
    const sent = await sendSms(ctx, ctx.db.kysely, { platformId: message.platformId, orgId: message.orgId, userId: message.userId, purpose, template, mobile: message.mobile, values, secret: ["password", "code"] });
    if (!sent.accepted) ctx.log.warn({ code: message.code, userId: message.userId, error: sent.error }, "account SMS refused by the gateway");
    return sent.accepted;
  } catch (error) {
    ctx.log.error({ err: error, code: message.code, userId: message.userId }, "account SMS failed");
    return false;
  }
}
