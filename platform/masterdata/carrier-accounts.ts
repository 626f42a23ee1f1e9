/**
 * Which login owns which roster entries (docs/design/onboarding.md). A driver or a
 * captain is one person per platform, identified by his ID number: his profile (driver_profiles /
 * captain_profiles). The profile holds at most one INDIVIDUAL_USER account (`user_id`), and every
 * roster entry of any organisation that points at the profile belongs to that account. The account is
 * found by the mobile when the profile has none yet (never a second account for one mobile, never an
 * account that already owns another profile, never a staff or another platform's account) or created
 * (a carrier role, no password until he sets one on 账号激活 or logs in with an SMS code). Linking
 * hands him the waybills already dispatched to his roster entries and their unpaid settlements.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { CARRIER_ROLE_TEMPLATES } from "../../contract/role-templates.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { sendAccountSms } from "../identity/account-sms.js";
import { NO_PASSWORD } from "../identity/crypto.js";
import { templateRole } from "../iam/role-templates.js";
import type { AnyDb, Row } from "../resources/bind.js";
import { isIndividual } from "../../contract/platforms.js";

type Db = Kysely<Database> | Transaction<Database>;
const typed = (trx: AnyDb) => trx as unknown as Db;

export const CARRIER_KINDS = {
  DRIVER: { profiles: "driver_profiles", roster: "freight_drivers", freightColumn: "driver_id", label: "司机" },
  CAPTAIN: { profiles: "captain_profiles", roster: "freight_captains", freightColumn: "captain_id", label: "船长" },
} as const;
export type CarrierKind = keyof typeof CARRIER_KINDS;

export { NO_PASSWORD };

export interface CarrierProfile {
  id: number;
  platform_id: string;
  tenant_id: number | null;
  user_id: number | null;
  name: string;
  mobile: string | null;
}

/**
 * The account of a profile: its own, else the INDIVIDUAL_USER of `mobile` on the profile's platform
 * (when he owns no other profile of this kind), else a new one. Null when the mobile belongs to an
 * account that cannot be this person's (staff, another platform, another profile's owner): the
 * roster entry then stays without a login. Writes the profile's `user_id`.
 */
export async function accountOfProfile(trx: AnyDb, kind: CarrierKind, profile: CarrierProfile, mobile: string | null): Promise<number | null> {
  if (profile.user_id != null) return Number(profile.user_id);
  const number = (mobile ?? profile.mobile ?? "").trim();
  if (!number) return null;
  const db = typed(trx);
  const { profiles } = CARRIER_KINDS[kind];
  const user = await db.selectFrom("users").select(["id", "type", "platform_id"]).where("mobile", "=", number).executeTakeFirst();
  let userId: number;
  if (user) {
    if (!isIndividual(user) || user.platform_id !== profile.platform_id) return null;
    const other = await db.selectFrom(profiles).select("id").where("user_id", "=", Number(user.id)).where("id", "<>", profile.id).where("deleted_at", "is", null).executeTakeFirst();
    if (other) return null;
    userId = Number(user.id);
  } else {
    const created = await db
      .insertInto("users")
      .values({ platform_id: profile.platform_id, tenant_id: profile.tenant_id, org_id: null, type: "INDIVIDUAL_USER", mobile: number, name: profile.name, password_hash: NO_PASSWORD, headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: null, created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    userId = Number(created.id);
  }
  await grantCarrierRole(trx, kind, profile.platform_id, userId);
  await db.updateTable(profiles).set({ user_id: userId }).where("id", "=", profile.id).execute();
  return userId;
}

/**
 * Gives an account the role of the kind of profile it now owns unless its roles already hold every code
 * of that role: a new account its first role, a driver's account that becomes a captain's the water
 * permission his waybills need (an account with a role of its own that covers it, as the demo 个人车主
 * or 个人船长, gets nothing more).
 */
async function grantCarrierRole(trx: AnyDb, kind: CarrierKind, platformId: string, userId: number): Promise<void> {
  const db = typed(trx);
  const template = CARRIER_ROLE_TEMPLATES[kind];
  const held = await db.selectFrom("user_roles as ur").innerJoin("role_permissions as rp", "rp.role_id", "ur.role_id").select("rp.permission_code").where("ur.user_id", "=", userId).execute();
  const codes = new Set(held.map((h) => h.permission_code));
  if (template.codes.every((code) => codes.has(code))) return;
  await db.insertInto("user_roles").values({ user_id: userId, role_id: await templateRole(trx, platformId, { ...template, userType: "INDIVIDUAL_USER" }) }).execute();
}

/**
 * Gives the profile's account every roster entry of the profile that has none, the waybills already
 * dispatched to those entries and their settlements not yet paid (so he sees, steps and is paid for them).
 */
export async function linkRosters(trx: AnyDb, kind: CarrierKind, profileId: number, userId: number): Promise<void> {
  const db = typed(trx);
  const { roster, freightColumn } = CARRIER_KINDS[kind];
  await db.updateTable(roster).set({ user_id: userId }).where("profile_id", "=", profileId).where("user_id", "is", null).execute();
  const entries = sql`(select r.id from ${sql.table(roster)} r where r.profile_id = ${profileId} and r.user_id = ${userId})`;
  await db.updateTable("freights").set({ carrier_user_id: userId }).where(sql.ref(freightColumn), "in", entries).where("carrier_user_id", "is", null).execute();
  await db
    .updateTable("waybill_settlements")
    .set({ payee_user_id: userId })
    .where("payee_user_id", "is", null)
    .where("pay_status", "=", "UNPAID")
    .where(sql<boolean>`freight_id in (select f.id from freights f where f.${sql.ref(freightColumn)} in ${entries})`)
    .execute();
}

/** Finds or makes the profile's account and links his roster entries; the account id or null. */
export async function linkProfileAccount(trx: AnyDb, kind: CarrierKind, profile: CarrierProfile, mobile: string | null): Promise<number | null> {
  const userId = await accountOfProfile(trx, kind, profile, mobile);
  if (userId !== null) await linkRosters(trx, kind, profile.id, userId);
  return userId;
}

/** Tells the person of a roster entry (or profile) that its organisation (or the platform) registered him, and how to log in (after commit). */
export async function announceCarrierAccount(ctx: ServiceContext, kind: CarrierKind, entry: Row): Promise<void> {
  if (entry.user_id == null) return;
  const orgName = await registrarOf(ctx, entry);
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "mobile", "platform_id"]).where("id", "=", Number(entry.user_id)).executeTakeFirst();
  if (!user) return;
  await sendAccountSms(ctx, {
    code: "CARRIER_ACCOUNT",
    platformId: user.platform_id,
    orgId: entry.org_id == null ? null : Number(entry.org_id),
    userId: Number(user.id),
    mobile: user.mobile,
    values: { orgName, role: CARRIER_KINDS[kind].label, mobile: user.mobile },
    outboxKind: "carrier-account",
  });
}

/** Who put the person on a roster, as his message names it: the organisation, else the platform. */
async function registrarOf(ctx: ServiceContext, row: Row): Promise<string> {
  if (row.org_id != null) {
    const org = await ctx.db.kysely.selectFrom("organisations").select("name").where("id", "=", Number(row.org_id)).executeTakeFirst();
    if (org) return org.name;
  }
  const platform = await ctx.db.kysely.selectFrom("platforms").select("name").where("id", "=", String(row.platform_id)).executeTakeFirst();
  return platform?.name ?? "平台";
}

/**
 * After a profile's approval: tells its person how to log in when his account has never been used
 * (an account made at the approval, or one he has not activated yet).
 */
export async function announceApprovedProfile(ctx: ServiceContext, kind: CarrierKind, profile: Row): Promise<void> {
  if (profile.user_id == null) return;
  const user = await ctx.db.kysely.selectFrom("users").select("password_hash").where("id", "=", Number(profile.user_id)).executeTakeFirst();
  if (user?.password_hash === NO_PASSWORD) await announceCarrierAccount(ctx, kind, profile);
}
