/**
 * The one catalogue of decision notifications: for each event, who hears of it, with
 * which text, and which page 查看详情 opens (contract/notification-targets.ts). The money flows and the
 * engine's transitions stage their events in the same transaction as the change (`Outbox.stage`), so
 * a message exists exactly when the decision committed; one event reaches one user once (the unique
 * user + event key of migration 0036), so a repeated or replayed request never notifies twice. After
 * commit the caller hands the outbox to `deliver`, which pushes (SERVICE_MSG_PUSH / SERVICE_MSG_NUM)
 * and writes the push log.
 */
import type { Kysely, Selectable } from "kysely";
import type { Notification, NotificationTargetType } from "../../../contract/notification.js";
import { FALLBACK_PAGE, MONEY_PAGES, ownerPagePath, pathWithId } from "../../../contract/notification-targets.js";
import type { PermissionCode } from "../../../contract/permissions.js";
import type { UserType } from "../../../contract/platforms.js";
import { CREDENTIAL_TYPES, MANDATORY_CREDENTIALS, SUBJECT_RESOURCES, SUBJECT_TYPES, type SubjectType } from "../../../contract/resources/credential.js";
import { yuanWithUnit } from "../../../contract/numbers.js";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import type { Database } from "../../db/schema.js";
import type { PaymentsTable, RechargesTable, WithdrawalsTable } from "../../ledger/schema.js";
import type { Row } from "../../resources/bind.js";
import { bindingOf } from "../../resources/lookup.js";
import { deliverNotifications, type NotifyInput } from "./notify.js";
import { joinTags, toNotification } from "./service.js";

type Db = Kysely<Database>;

export type NotificationEvent =
  | { kind: "rechargeConfirmed" | "rechargeRejected"; recharge: Selectable<RechargesTable> }
  | { kind: "freightReceived"; paymentNo: string; seq: number; freightNo: string; freightWay: string; payeeUserId: number; amount: number; payerName: string }
  | { kind: "withdrawalApproved" | "withdrawalRejected" | "withdrawalPaid" | "withdrawalFailed"; withdrawal: Selectable<WithdrawalsTable> }
  | { kind: "paymentSubmitted" | "paymentApproved" | "paymentRejected"; payment: Selectable<PaymentsTable>; actorId: number }
  | { kind: "invoiceApproved" | "invoiceRejected"; application: Row; actorId: number }
  | { kind: "auditDecided"; resourceKey: string; resourceName: string; row: Row; transition: "approve" | "reject" | "revoke"; title: string; actorId: number }
  | { kind: "credentialDecided"; credential: Row; transition: "approve" | "reject"; actorId: number }
  | { kind: "credentialExpiring"; credential: Row; today: string };

interface Message extends NotifyInput {
  eventKey: string;
  to: number[];
  /** A recipient's own page when it differs from `targetPath` (his organisation's roster entry, or a page his codes open). */
  targetPathOf?: ReadonlyMap<number, string>;
}

/** Active users of an organisation who hold any of the codes (its finance staff for money messages). */
async function orgHolders(db: Db, orgId: number, codes: readonly PermissionCode[]): Promise<number[]> {
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("user_roles as ur", "ur.user_id", "u.id")
    .innerJoin("role_permissions as rp", "rp.role_id", "ur.role_id")
    .select("u.id")
    .distinct()
    .where("u.org_id", "=", orgId)
    .where("u.type", "=", "ORG_USER")
    .where("u.status", "=", "ACTIVE")
    .where("rp.permission_code", "in", [...codes])
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The rosters that hold a person's profile (drivers, captains): an organisation's entry is its own page of him. */
const ROSTERS: Readonly<Record<string, "freight_drivers" | "freight_captains">> = { driverProfile: "freight_drivers", captainProfile: "freight_captains" };

interface Audience {
  to: number[];
  targetPathOf: Map<number, string>;
}

/**
 * The people a decided subject concerns, each with the page 查看详情 opens for him: the row's person
 * (`user_id`) and individual owner (`owner_user_id`), its organisation's active users or, for a driver
 * or captain profile, those of every organisation with him on its roster in 合作中 (and the account of
 * each roster entry).
 * The page is the one rule of contract/notification-targets.ts, read with the recipient's kind and codes.
 */
async function subjectAudience(db: Db, key: string, row: Row, except: number | null): Promise<Audience> {
  const persons = [row.user_id, row.owner_user_id].filter((v) => v != null).map(Number);
  const roster = ROSTERS[key];
  // A profile's own org_id only says who registered it: the enterprises concerned are those with him on their roster.
  const orgs = new Set<number>(roster || row.org_id == null ? [] : [Number(row.org_id)]);
  const rosterOf = new Map<number, number>();
  if (roster) {
    const entries = await db.selectFrom(roster).select(["id", "org_id", "user_id"]).where("profile_id", "=", Number(row.id)).where("deleted_at", "is", null).where("status", "=", "ACTIVE").execute();
    for (const entry of entries) {
      if (entry.org_id != null) {
        orgs.add(Number(entry.org_id));
        rosterOf.set(Number(entry.org_id), Number(entry.id));
      }
      if (entry.user_id != null) persons.push(Number(entry.user_id));
    }
  }
  const members = orgs.size ? await db.selectFrom("users").select("id").where("org_id", "in", [...orgs]).where("type", "=", "ORG_USER").where("status", "=", "ACTIVE").execute() : [];
  const to = [...new Set([...persons, ...members.map((u) => Number(u.id))])].filter((id) => id !== except);
  const readers = await readersOf(db, to);
  const targetPathOf = new Map<number, string>();
  for (const id of to) {
    const reader = readers.get(id);
    const rosterId = reader?.orgId == null ? null : (rosterOf.get(reader.orgId) ?? null);
    targetPathOf.set(id, reader ? ownerPagePath({ key, id: Number(row.id), rosterId }, reader) : FALLBACK_PAGE);
  }
  return { to, targetPathOf };
}

/** Each user's kind, organisation and permission codes: what the console's guard reads to open a page. */
async function readersOf(db: Db, ids: readonly number[]): Promise<Map<number, { type: UserType; orgId: number | null; permissions: Set<string> }>> {
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom("users").select(["id", "type", "org_id"]).where("id", "in", [...ids]).execute();
  const codes = await db.selectFrom("user_roles as ur").innerJoin("role_permissions as rp", "rp.role_id", "ur.role_id").select(["ur.user_id", "rp.permission_code"]).where("ur.user_id", "in", [...ids]).execute();
  const readers = new Map(users.map((u) => [Number(u.id), { type: u.type as UserType, orgId: u.org_id == null ? null : Number(u.org_id), permissions: new Set<string>() }]));
  for (const c of codes) readers.get(Number(c.user_id))?.permissions.add(String(c.permission_code));
  return readers;
}

/** A credential's subject row, its resource and the words that name it (司机「张三」). */
async function credentialSubject(db: Db, credential: Row) {
  const type = String(credential.subject_type) as SubjectType;
  const key = SUBJECT_RESOURCES[type];
  const binding = key ? bindingOf(key) : undefined;
  const subject = binding ? ((await db.selectFrom(binding.table as never).selectAll().where("id" as never, "=", Number(credential.subject_id) as never).executeTakeFirst()) as Row | undefined) : undefined;
  const name = subject ? String(subject.name ?? subject.plate_no ?? subject.ship_name ?? subject.id) : String(credential.subject_id);
  const label = CREDENTIAL_TYPES[String(credential.cred_type) as keyof typeof CREDENTIAL_TYPES]?.label ?? String(credential.cred_type);
  return { type, key, subject, what: `${SUBJECT_TYPES[type]?.label ?? ""}「${name}」的${label}` };
}

/** Subjects a missing 证照 keeps from dispatch (an enterprise's only keeps it from approval). */
const DISPATCHED: readonly SubjectType[] = ["DRIVER", "VEHICLE", "CAPTAIN", "SHIP"];

const AUDIT_WORDS = { approve: "已审核通过", reject: "审核驳回", revoke: "已被撤销认证" } as const;

/** The catalogue: each event's recipients, text and target. */
async function messageOf(db: Db, event: NotificationEvent): Promise<Message> {
  switch (event.kind) {
    case "rechargeConfirmed":
    case "rechargeRejected": {
      const r = event.recharge;
      const content =
        event.kind === "rechargeConfirmed"
          ? `充值单 ${r.recharge_no} 已确认到账，${yuanWithUnit(Number(r.amount))}已存入企业账户。`
          : `充值单 ${r.recharge_no}（${yuanWithUnit(Number(r.amount))}）被驳回，原因：${r.reject_reason ?? ""}。请核对转账信息后重新提交。`;
      return {
        eventKey: `recharge:${r.recharge_no}:${event.kind}`,
        to: await orgHolders(db, Number(r.org_id), ["PAY_ACCOUNT_RECHARGE", "PAY_PAYMENT_MANAGEMENT"]),
        content,
        targetType: "MYWALLET",
        targetId: Number(r.id),
        targetPath: `${MONEY_PAGES.recharges}?${new URLSearchParams({ keyword: r.recharge_no })}`,
        tags: ["money"],
        bizNo: r.recharge_no,
      };
    }
    case "freightReceived":
      return {
        eventKey: `payment:${event.paymentNo}:${event.seq}:received`,
        to: [event.payeeUserId],
        content: `运单 ${event.freightNo} 的运费 ${yuanWithUnit(Number(event.amount))}已由${event.payerName}支付到您的钱包（支付单 ${event.paymentNo}）。`,
        targetType: "MYWALLET",
        targetId: event.paymentNo,
        targetPath: MONEY_PAGES.accountFlow,
        tags: ["money"],
        bizNo: `${event.paymentNo}-${event.seq}`,
      };
    case "withdrawalApproved":
    case "withdrawalRejected":
    case "withdrawalPaid":
    case "withdrawalFailed": {
      const w = event.withdrawal;
      const text = {
        withdrawalApproved: `提现申请 ${w.withdraw_no}（${yuanWithUnit(Number(w.amount))}）已审核通过，正在打款至 ${w.card_bank}（尾号 ${w.card_last4}）。`,
        withdrawalRejected: `提现申请 ${w.withdraw_no}（${yuanWithUnit(Number(w.amount))}）被驳回，原因：${w.audit_remark ?? ""}。冻结的金额已退回账户。`,
        withdrawalPaid: `提现 ${w.withdraw_no}（${yuanWithUnit(Number(w.amount))}）已打款至 ${w.card_bank}（尾号 ${w.card_last4}），请注意查收。`,
        withdrawalFailed: `提现 ${w.withdraw_no}（${yuanWithUnit(Number(w.amount))}）打款失败，原因：${w.fail_reason ?? ""}。金额已退回账户，请核对银行卡后重新申请。`,
      }[event.kind];
      const to = w.owner_type === "USER" ? [Number(w.owner_id)] : await orgHolders(db, Number(w.owner_id), ["PAY_WITHDRAW_APPLY"]);
      return {
        eventKey: `withdrawal:${w.withdraw_no}:${event.kind}`,
        to,
        content: text,
        targetType: "MYWALLET",
        targetId: Number(w.id),
        targetPath: w.owner_type === "USER" ? MONEY_PAGES.accountInfo : `${MONEY_PAGES.withdrawals}?${new URLSearchParams({ keyword: w.withdraw_no })}`,
        tags: ["money"],
        bizNo: w.withdraw_no,
      };
    }
    case "paymentSubmitted":
    case "paymentApproved":
    case "paymentRejected": {
      const p = event.payment;
      const what = `支付单 ${p.payment_no}（${p.item_count} 个运单，${yuanWithUnit(Number(p.total_shipper_payable))}）`;
      const content = {
        paymentSubmitted: `${what}由${p.submitted_name}提交，待审核，请及时处理。`,
        paymentApproved: `${what}已审核通过，运费已支付。`,
        paymentRejected: `${what}审核驳回，原因：${p.audit_remark ?? ""}。运单已退回待付款。`,
      }[event.kind];
      const to = event.kind === "paymentSubmitted" ? await orgHolders(db, Number(p.org_id), ["PAY_PAYMENT_AUDIT"]) : [Number(p.submitted_by)];
      return {
        eventKey: `payment:${p.payment_no}:${event.kind}`,
        to: to.filter((id) => id !== event.actorId),
        content,
        targetType: "MYWALLET",
        targetId: Number(p.id),
        targetPath: pathWithId(MONEY_PAGES.paymentDetail, Number(p.id)),
        tags: ["money"],
        bizNo: p.payment_no,
      };
    }
    case "invoiceApproved":
    case "invoiceRejected": {
      const a = event.application;
      const no = String(a.application_no);
      const content =
        event.kind === "invoiceApproved"
          ? `开票申请 ${no}（${yuanWithUnit(Number(Number(a.amount_incl_tax)))}）已审核通过，等待开票。`
          : `开票申请 ${no}（${yuanWithUnit(Number(Number(a.amount_incl_tax)))}）审核驳回，原因：${String(a.audit_remark ?? "")}。运单已退回可开票。`;
      const to = [...(await orgHolders(db, Number(a.org_id), ["TMS_INVOICE_APPLY"])), ...(a.created_by == null ? [] : [Number(a.created_by)])];
      return {
        eventKey: `invoice:${no}:${event.kind}:${String(a.version ?? "")}`,
        to: to.filter((id) => id !== event.actorId),
        content,
        targetType: "MY",
        targetId: `invoiceApplication:${a.id}`,
        targetPath: pathWithId(MONEY_PAGES.billingDetail, a.id),
        tags: ["invoice"],
        bizNo: no,
      };
    }
    case "credentialExpiring":
    case "credentialDecided": {
      const c = event.credential;
      const { type, key, subject, what } = await credentialSubject(db, c);
      const audience = subject ? await subjectAudience(db, key, subject, event.kind === "credentialDecided" ? event.actorId : null) : { to: [], targetPathOf: new Map<number, string>() };
      const mandatory = (MANDATORY_CREDENTIALS[type] ?? []).includes(String(c.cred_type) as never);
      const stops = mandatory ? (DISPATCHED.includes(type) ? "，在此之前不能派单" : "，在此之前不能通过审核") : "";
      const validTo = String(c.valid_to ?? "");
      const common = { to: audience.to, targetPathOf: audience.targetPathOf, targetType: "MY" as const, targetId: `credential:${c.id}`, targetPath: FALLBACK_PAGE };
      if (event.kind === "credentialExpiring") {
        const when = validTo < event.today ? `已于 ${validTo} 过期` : `将于 ${validTo} 到期`;
        return {
          ...common,
          eventKey: `credential:${c.id}:${validTo}:expiring`,
          content: `${what}${when}，到期后不能派单，请尽快上传新证照并提交审核。`,
          tags: ["credential-expiry"],
          bizNo: `credential:${c.id}:${validTo}`,
        };
      }
      const reason = String(c.reject_reason ?? c.audit_remark ?? "");
      return {
        ...common,
        // The version makes each decision on the row (驳回, 重新上传, 通过) its own event.
        eventKey: `credential:${c.id}:${event.transition}:${String(c.version ?? "")}`,
        content: event.transition === "approve" ? `${what}已审核通过。` : `${what}审核驳回，原因：${reason}。请按原因重新上传并等待审核${stops}。`,
        tags: ["audit", "credential"],
        bizNo: `credential:${c.id}`,
      };
    }
    case "auditDecided": {
      const { row, transition } = event;
      const remark = typeof row.audit_remark === "string" && row.audit_remark && transition !== "approve" ? `，原因：${row.audit_remark}` : "";
      return {
        // The row's version makes a later decision on the same row (驳回, 重新提交, 通过) its own event.
        eventKey: `audit:${event.resourceKey}:${row.id}:${transition}:${String(row.version ?? "")}`,
        ...(await subjectAudience(db, event.resourceKey, row, event.actorId)),
        content: `您的${event.resourceName}「${event.title}」${AUDIT_WORDS[transition]}${remark}。`,
        targetType: "MY",
        targetId: `${event.resourceKey}:${row.id}`,
        targetPath: FALLBACK_PAGE,
        tags: ["audit"],
        bizNo: `${event.resourceKey}:${row.id}`,
      };
    }
  }
}

interface Staged {
  input: NotifyInput;
  created: Array<{ userId: number; notification: Notification }>;
}

/**
 * The notifications a transaction wrote, to be pushed once it has committed. Stage inside the
 * transaction, deliver after it: a rolled-back transaction takes its messages with it (call `deliver`
 * only when the work returned).
 */
export class Outbox {
  private staged = new Map<string, Staged>();

  /** Writes the event's messages in `trx` (one per recipient, none for a recipient who has it already). */
  async stage(trx: Db, event: NotificationEvent): Promise<void> {
    const message = await messageOf(trx, event);
    const { to, targetPathOf, ...input } = message;
    const users = [...new Set(to)];
    if (users.length === 0) return;
    const createdTime = nowIso();
    const rows = await trx
      .insertInto("notifications")
      .values(
        users.map((userId) => ({
          user_id: userId,
          created_time: createdTime,
          content: input.content,
          status: "PENDING" as const,
          target_type: input.targetType as NotificationTargetType,
          target_id: String(input.targetId),
          tags: joinTags(input.tags),
          freight_no: input.freightNo ?? null,
          freight_way: input.freightWay ?? null,
          target_path: targetPathOf?.get(userId) ?? input.targetPath ?? null,
          event_key: input.eventKey,
        })),
      )
      .onConflict((oc) => oc.columns(["user_id", "event_key"]).doNothing())
      .returningAll()
      .execute();
    // A retried transaction stages again under the same key: the last attempt (the one that committed) wins.
    this.staged.set(message.eventKey, { input, created: rows.map((row) => ({ userId: Number(row.user_id), notification: toNotification(row) })) });
  }

  /** After commit: pushes what was staged and logs it; a failure is logged, never undoes the decision. Answers how many messages were written. */
  async deliver(ctx: ServiceContext): Promise<number> {
    const all = [...this.staged.values()];
    this.staged.clear();
    for (const { input, created } of all) {
      await deliverNotifications(ctx, created, input).catch((error: unknown) => ctx.log.error({ err: error, eventKey: input.eventKey }, "notification push failed"));
    }
    return all.reduce((n, { created }) => n + created.length, 0);
  }
}

/** Runs a decision with an outbox and pushes its notifications once it has committed. */
export async function withOutbox<T>(ctx: ServiceContext, work: (outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = new Outbox();
  const result = await work(outbox);
  await outbox.deliver(ctx);
  return result;
}
