/**
 * 账号激活 / 接受注册邀请 (docs/design/onboarding.md). Two public calls:
 * - POST /api/v1/auth/activation/sms: an SMS code for a mobile that may activate — an INDIVIDUAL_USER
 *   account made for a roster entry that has no password yet, or the mobile of an open 注册邀请 (with
 *   its code when given). It answers the same for any other mobile (nothing is sent), so it tells no
 *   one which mobiles are registered.
 * - POST /api/v1/auth/activation: the code and a password. The waiting account gets the password; an
 *   invitation with no account yet gets a new INDIVIDUAL_USER (driver, captain, fleet leader or
 *   shipowner), or, invited as 企业管理员, an ORG_USER of the invitation's 邀请企业 with the enterprise
 *   administrator's role; the invitation moves to 已注册. A mobile that already has a password is
 *   refused (log in instead).
 */
import type { FastifyInstance } from "fastify";
import { activationSchema, activationSmsSchema } from "../../contract/activation.js";
import { clientIdSchema } from "../../contract/identity.js";
import { RefusalCode } from "../../contract/envelope.js";
import { CARRIER_ROLE_TEMPLATES } from "../../contract/role-templates.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { ok, Refusal } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { passwordExpiry } from "../iam/admin/sys-config.js";
import { templateRole } from "../iam/role-templates.js";
import { NO_PASSWORD } from "../masterdata/carrier-accounts.js";
import { inviteCodeHash } from "../masterdata/invite-codes.js";
import { enterpriseAdminRole } from "../masterdata/enterprise.resource.js";
import { recordResourceEvent } from "../resources/events.js";
import type { Row } from "../resources/bind.js";
import { hashPassword } from "./crypto.js";
import { platformOf } from "./guard.js";
import { requesterAddress } from "../http/rate-limit.js";
import { issueSmsCode, requireSmsCode } from "./sms-codes.js";
import { isIndividual } from "../../contract/platforms.js";

/** Invitation roles whose invitee becomes an INDIVIDUAL_USER. */
const INDIVIDUAL_ROLES = ["DRIVER", "CAPTAIN", "FLEET_LEADER", "SHIPOWNER"] as const;

async function openInvitation(ctx: ServiceContext, platformId: string, mobile: string, inviteCode: string | undefined) {
  let query = ctx.db.kysely
    .selectFrom("registration_invitations")
    .selectAll()
    .where("platform_id", "=", platformId)
    .where("invitee_mobile", "=", mobile)
    .where("status", "=", "SENT")
    .where("expires_at", ">", nowIso())
    .where("deleted_at", "is", null)
    // An enterprise administrator joins the enterprise that invited him; without one there is nothing to join.
    .where((eb) => eb.or([eb("role", "in", INDIVIDUAL_ROLES), eb.and([eb("role", "=", "ORG_ADMIN"), eb("org_id", "is not", null)])]));
  if (inviteCode) query = query.where("invite_code_hash", "=", inviteCodeHash(platformId, inviteCode));
  return query.orderBy("id", "desc").executeTakeFirst();
}

async function waitingAccount(ctx: ServiceContext, platformId: string, mobile: string) {
  return ctx.db.kysely.selectFrom("users").select(["id", "type", "platform_id", "password_hash"]).where("mobile", "=", mobile).where("platform_id", "=", platformId).executeTakeFirst();
}

export async function sendActivationCode(ctx: ServiceContext, platformId: string, input: unknown, address: string | null) {
  const { mobile, inviteCode } = parse(activationSmsSchema.extend({ clientId: clientIdSchema }), input);
  const user = await waitingAccount(ctx, platformId, mobile);
  const eligible = user ? isIndividual(user) && user.password_hash === NO_PASSWORD : !!(await openInvitation(ctx, platformId, mobile, inviteCode));
  return issueSmsCode(ctx, { platformId, mobile, purpose: "ACTIVATION", address, deliver: eligible });
}

export async function activate(ctx: ServiceContext, platformId: string, input: unknown): Promise<{ mobile: string; created: boolean }> {
  const body = parse(activationSchema, input);
  await requireSmsCode(ctx, { mobile: body.mobile, purpose: "ACTIVATION", code: body.smsCode });
  const existing = await ctx.db.kysely.selectFrom("users").select(["id", "type", "platform_id", "password_hash"]).where("mobile", "=", body.mobile).executeTakeFirst();
  if (existing && (!isIndividual(existing) || existing.password_hash !== NO_PASSWORD || existing.platform_id !== platformId)) {
    throw new Refusal(RefusalCode.illegalState, "该手机号已开通账号并设置了密码，请直接登录");
  }
  const invitation = await openInvitation(ctx, platformId, body.mobile, body.inviteCode);
  if (!existing && !invitation) throw new Refusal(RefusalCode.illegalState, "该手机号没有待激活的账号或有效的注册邀请，请核对手机号和邀请码");
  const now = new Date();
  const passwordHash = await hashPassword(body.password);
  const expiry = await passwordExpiry(ctx.db.kysely, platformId, now);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let userId = existing ? Number(existing.id) : 0;
    if (existing) {
      const done = await trx.updateTable("users").set({ password_hash: passwordHash, password_changed_at: now.toISOString(), pw_expiration: expiry }).where("id", "=", userId).where("password_hash", "=", NO_PASSWORD).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new Refusal(RefusalCode.illegalState, "该手机号已开通账号并设置了密码，请直接登录");
    } else {
      const name = invitation!.invitee_name?.trim() || `用户${body.mobile.slice(-4)}`;
      const admin = invitation!.role === "ORG_ADMIN";
      const user = await trx
        .insertInto("users")
        .values({ platform_id: platformId, tenant_id: invitation!.tenant_id, org_id: admin ? invitation!.org_id : null, type: admin ? "ORG_USER" : "INDIVIDUAL_USER", mobile: body.mobile, name, password_hash: passwordHash, password_changed_at: now.toISOString(), headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: expiry, created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      userId = Number(user.id);
      // An invited captain's role sees water waybills (船长); every other invited carrier gets the carrier role.
      const carrier = CARRIER_ROLE_TEMPLATES[invitation!.role === "CAPTAIN" ? "CAPTAIN" : "DRIVER"];
      const role = admin ? await enterpriseAdminRole(trx, platformId) : await templateRole(trx, platformId, { ...carrier, userType: "INDIVIDUAL_USER" });
      await trx.insertInto("user_roles").values({ user_id: userId, role_id: role }).execute();
    }
    if (invitation) {
      const moved = await trx.updateTable("registration_invitations").set({ status: "REGISTERED", registered_at: now.toISOString(), updated_at: now.toISOString(), version: Number(invitation.version) + 1 }).where("id", "=", invitation.id).where("status", "=", "SENT").executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) {
        await recordResourceEvent(trx, { userId, name: invitation.invitee_name ?? body.mobile, platformId }, "invitation", invitation as unknown as Row, { action: "REGISTER", label: "被邀请人注册", from: "SENT", to: "REGISTERED" });
      }
    }
  });
  return { mobile: body.mobile, created: !existing };
}

export async function activationRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post("/api/v1/auth/activation/sms", async (request) => ok(await sendActivationCode(ctx, platformOf(request), request.body, requesterAddress(request))));
  app.post("/api/v1/auth/activation", async (request) => ok(await activate(ctx, platformOf(request), request.body)));
}
