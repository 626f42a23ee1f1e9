/**
 * 短信发送记录's 重发: a logged message is rebuilt from the record it was about, never from the log's
 * text (which masks codes and passwords). A 注册邀请 goes through the invitation's own 重发 (its state,
 * daily limit and renewed expiry); a 证照到期提醒 is rebuilt from the credential as it is now. Either
 * way the send writes a new log row with its own status.
 */
import { RefusalCode } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { resendExpiryWarning } from "../documents/expiry.js";
import { Refusal } from "../http/envelope.js";
import { invitationBinding } from "../masterdata/invitation.resource.js";
import { transitionResource } from "../resources/write.js";
import type { CallerScope } from "../scope.js";

export async function resendFromLog(ctx: ServiceContext, scope: CallerScope, id: number): Promise<void> {
  const log = await ctx.db.kysely.selectFrom("sms_send_logs").select(["template_code", "subject_type", "subject_id", "user_id"]).where("id", "=", id).where("platform_id", "=", scope.platformId).executeTakeFirstOrThrow();
  // Rows written before messages kept their subject cannot be traced back to it.
  if (log.subject_id == null) throw new Refusal(RefusalCode.illegalState, "该短信发送时未记录所属的邀请或证照，不能在此重发");
  if (log.template_code === "INVITATION" && log.subject_type === "INVITATION") {
    const invitation = await ctx.db.kysely.selectFrom("registration_invitations").select("id").where("id", "=", Number(log.subject_id)).where("deleted_at", "is", null).executeTakeFirst();
    if (!invitation) throw new Refusal(RefusalCode.illegalState, "该短信所属的注册邀请已删除，不能重发");
    await transitionResource(ctx, invitationBinding, scope, Number(invitation.id), "resend", {});
    return;
  }
  if (log.template_code === "CREDENTIAL_EXPIRY" && log.subject_type === "CREDENTIAL") {
    const sent = await resendExpiryWarning(ctx, Number(log.subject_id), log.user_id == null ? null : Number(log.user_id));
    if (!sent.accepted) throw new Refusal(RefusalCode.illegalState, `到期提醒重发失败：${sent.error ?? "短信服务商未受理"}（见新的发送记录）`);
    return;
  }
  throw new Refusal(RefusalCode.illegalState, "验证码和密码从不保存明文，不能在此重发");
}
