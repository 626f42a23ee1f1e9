/**
 * Demo data of the second finance part, produced through the flows so `npm run ledger:check` holds:
 * more of the first organisation's drivers registered, a fleet leader (周德胜, 13966200001) who collects
 * one driver's freight (提现分配), payments of completed matchmaking waybills (one routed), temporary
 * tax registrations (drivers and captains), matchmaking invoices in every state, and red-envelope campaigns funded from the
 * marketing account with grants paid into wallets.
 */
import { addDays, chinaDate } from "../../contract/units.js";
import { exampleIdCard } from "../../contract/resources/driver.js";
import type { PAYEE_SETTING_STATES } from "../../contract/resources/payee-setting.js";
import type { TAX_REGISTRATION_STATES } from "../../contract/resources/tax-registration.js";
import { nowIso, type Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import { payWaybills } from "../ledger/flows.js";
import { registerDrivers } from "../ledger/seed.js";
import { applyMatchInvoice } from "../matchmaking/invoices.js";
import { reportPaidWaybills } from "../submission/seed.js";
import { createCampaign, fundMarketing, grantFor, grantManually, moveCampaign, revokeGrant } from "../marketing/red-envelopes.js";
import { demoScopes } from "../db/seed-scopes.js";
import { isIndividual } from "../../contract/platforms.js";

let serial = 0;
const requestNo = () => `SEED-FIN2-${String(++serial).padStart(4, "0")}`;
export const DEMO_FLEET_LEADER = { mobile: "13966200001", name: "周德胜" } as const;

export async function seedFinanceRecords(db: Db, ids: SeedIds): Promise<void> {
  const k = db.kysely;
  const { users, scopeOf } = await demoScopes(db, ids);
  const system = scopeOf("SYSTEM_USER");
  const orgUser = scopeOf("ORG_USER");
  const demoDriver = users.find((u) => isIndividual(u))!;
  const orgId = ids.orgIds[0]!;
  await registerDrivers(db, orgId, demoDriver, 8);
  const at = nowIso();
  const leader = await k
    .insertInto("users")
    .values({ platform_id: demoDriver.platform_id, tenant_id: demoDriver.tenant_id, org_id: null, type: "INDIVIDUAL_USER", mobile: DEMO_FLEET_LEADER.mobile, name: DEMO_FLEET_LEADER.name, password_hash: demoDriver.password_hash, headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: demoDriver.pw_expiration, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const role = await k.selectFrom("user_roles").select("role_id").where("user_id", "=", demoDriver.id).executeTakeFirst();
  if (role) await k.insertInto("user_roles").values({ user_id: leader.id, role_id: role.role_id }).execute();

  // Registered carriers of the organisation's completed, unpaid matchmaking waybills (the demo driver's own stay for his tests).
  const waybills = await k
    .selectFrom("freights as f")
    .innerJoin("freight_orders as o", "o.id", "f.order_id")
    .leftJoin("waybill_settlements as s", "s.freight_id", "f.id")
    .select(["f.id", "f.carrier_user_id", "f.carrier_name", "f.carrier_mobile", "f.shipper_name", "f.driver_id"])
    .where("f.org_id", "=", orgId)
    .where("f.status", "=", "COMPLETED")
    .where("f.freight_way", "=", "ROAD")
    .where("o.business_mode", "=", "MATCHMAKING")
    .where("f.carrier_user_id", "is not", null)
    .where("f.carrier_user_id", "<>", demoDriver.id)
    .where((eb) => eb.or([eb("s.id", "is", null), eb("s.pay_status", "=", "UNPAID")]))
    .orderBy("f.complete_time")
    .limit(16)
    .execute();
  const carriers = [...new Set(waybills.map((w) => Number(w.carrier_user_id)))];
  const routedCarrier = carriers[0];

  // 提现分配: the first carrier's freight is collected by the fleet leader (80 %); others pending, rejected, revoked.
  const setting = (carrier: { id: number; name: string; mobile: string }, status: keyof typeof PAYEE_SETTING_STATES, shareBp: number, remark: string | null, day: number) =>
    k
      .insertInto("payee_settings")
      .values({ platform_id: system.platformId, tenant_id: null, org_id: null, owner_user_id: null, created_at: at, created_by: system.userId, updated_at: at, updated_by: system.userId, carrier_user_id: carrier.id, carrier_mobile: carrier.mobile, carrier_name: carrier.name, payee_role: "FLEET_LEADER", payee_user_id: Number(leader.id), payee_mobile: DEMO_FLEET_LEADER.mobile, payee_name: DEMO_FLEET_LEADER.name, payee_share_bp: shareBp, agreement_no: `DS2026110${day}`, valid_from: addDays(chinaDate(), -30), valid_to: null, audit_remark: remark, status })
      .execute();
  const person = async (id: number) => {
    const u = await k.selectFrom("users").select(["id", "name", "mobile"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { id: Number(u.id), name: u.name, mobile: u.mobile };
  };
  if (routedCarrier !== undefined) await setting(await person(routedCarrier), "ACTIVE", 8_000, "代收协议已核验", 1);
  await setting({ id: Number(demoDriver.id), name: demoDriver.name, mobile: demoDriver.mobile }, "PENDING", 10_000, null, 2);
  if (carriers[1] !== undefined) await setting(await person(carriers[1]), "REJECTED", 10_000, "代收协议未签字，请重新上传", 3);
  if (carriers[2] !== undefined) await setting(await person(carriers[2]), "REVOKED", 5_000, "司机申请取消代收", 4);

  // Pay the matchmaking waybills (two payments; the routed carrier's freight goes 80 % to the fleet leader).
  const freightIds = waybills.map((w) => Number(w.id));
  if (freightIds.length >= 2) {
    const half = Math.ceil(freightIds.length / 2);
    await payWaybills(db, orgUser, { requestNo: requestNo(), freightIds: freightIds.slice(0, half) });
    await payWaybills(db, orgUser, { requestNo: requestNo(), freightIds: freightIds.slice(half) });
  }

  // 我的车队: 周德胜 is the approved 车队长 of the carriers whose freight he collects, so his pages and his
  // 首页 show real members, their waybills and his share (docs/design/fleet.md).
  const myFleet = await k
    .insertInto("fleet_leaders")
    .values({ platform_id: demoDriver.platform_id, tenant_id: demoDriver.tenant_id, org_id: null, owner_user_id: null, user_id: Number(leader.id), registered_tenant_id: demoDriver.tenant_id, name: DEMO_FLEET_LEADER.name, mobile: DEMO_FLEET_LEADER.mobile, id_card_no: exampleIdCard(9_661), fleet_name: "蚌埠德胜运输车队", collect_enabled: 1, distribution_rule: "PERCENT", distribution_value: 2_000, audit_status: "APPROVED", audit_remark: "车队资料齐全", enabled: "ENABLED", created_at: at, updated_at: at, created_by: system.userId, updated_by: system.userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  const memberRows = await k
    .selectFrom("freights as f")
    .innerJoin("freight_drivers as d", "d.id", "f.driver_id")
    .select(["d.id as driverId", "d.profile_id", "f.vehicle_id", "f.carrier_user_id"])
    .where("f.id", "in", waybills.length ? waybills.map((w) => Number(w.id)) : [-1])
    .where("d.profile_id", "is not", null)
    .orderBy("f.id")
    .execute();
  const seenProfiles = new Set<number>();
  // The carrier whose freight is routed to him first, so his share shows on his members' waybills.
  memberRows.sort((a, b) => Number(Number(b.carrier_user_id) === routedCarrier) - Number(Number(a.carrier_user_id) === routedCarrier));
  for (const m of memberRows) {
    const profileId = Number(m.profile_id);
    if (seenProfiles.has(profileId) || seenProfiles.size >= 3) continue;
    seenProfiles.add(profileId);
    await k
      .insertInto("fleet_leader_members")
      .values({ platform_id: demoDriver.platform_id, tenant_id: Number(demoDriver.tenant_id), org_id: null, owner_user_id: null, fleet_leader_id: Number(myFleet.id), driver_profile_id: profileId, vehicle_id: m.vehicle_id === null ? null : Number(m.vehicle_id), joined_at: addDays(chinaDate(), -60 + seenProfiles.size * 7), quit_at: null, status: "ACTIVE", collect_authorized: Number(m.carrier_user_id) === routedCarrier ? 1 : 0, remark: null, created_at: at, updated_at: at, created_by: system.userId })
      .execute();
    await k.updateTable("freight_drivers").set({ fleet_leader_id: Number(myFleet.id), driver_type: "AFFILIATED" }).where("id", "=", Number(m.driverId)).execute();
  }

  // Reported to the province, so they may be invoiced (开票须上报成功).
  await reportPaidWaybills(k, system.platformId, freightIds.length >= 2 ? freightIds : []);

  // 临时税务登记: the paying carriers' profiles (the first two registered), and other drivers pending, failed, cancelled.
  const profiles = await k.selectFrom("driver_profiles").select(["id", "name", "mobile", "id_card_no", "registered_tenant_id"]).where("platform_id", "=", system.platformId).where("deleted_at", "is", null).orderBy("id").limit(40).execute();
  const byMobile = new Map(profiles.map((p) => [p.mobile, p]));
  const carrierProfiles = [...new Set(waybills.map((w) => w.carrier_mobile))].map((m) => byMobile.get(m)).filter((p): p is NonNullable<typeof p> => !!p);
  const others = profiles.filter((p) => !carrierProfiles.includes(p));
  const registration = (p: (typeof profiles)[number], status: keyof typeof TAX_REGISTRATION_STATES, extra: { registered_at?: string; valid_to?: string; fail_reason?: string } = {}) =>
    k
      .insertInto("tax_registrations")
      .values({ platform_id: system.platformId, tenant_id: p.registered_tenant_id, org_id: null, owner_user_id: null, created_at: at, created_by: system.userId, updated_at: at, updated_by: system.userId, person_type: "DRIVER", person_id: Number(p.id), driver_profile_id: Number(p.id), captain_profile_id: null, name: p.name, id_card_no: p.id_card_no, mobile: p.mobile, tax_authority: "国家税务总局蚌埠市蚌山区税务局", taxpayer_no: p.id_card_no, authorization_file: JSON.stringify(["/files/tax/authorization-demo.jpg"]), status, registered_at: extra.registered_at ?? null, valid_to: extra.valid_to ?? null, fail_reason: extra.fail_reason ?? null })
      .execute();
  const registered = { registered_at: addDays(chinaDate(), -20), valid_to: addDays(chinaDate(), 345) };
  for (const p of carrierProfiles.slice(0, 2)) await registration(p, "REGISTERED", registered);
  for (const p of carrierProfiles.slice(2)) await registration(p, "PENDING");
  if (others[0]) await registration(others[0], "PENDING");
  if (others[1]) await registration(others[1], "FAILED", { fail_reason: "身份证信息与税务系统不一致" });
  if (others[2]) await registration(others[2], "CANCELLED", registered);
  if (others[3]) await registration(others[3], "REGISTERED", registered);
  // Captains too (migration 0026): the first approved captain registered, the second waiting.
  const captains = await k.selectFrom("captain_profiles").select(["id", "name", "mobile", "id_card_no", "tenant_id"]).where("platform_id", "=", system.platformId).where("audit_status", "=", "APPROVED").where("deleted_at", "is", null).orderBy("id").limit(2).execute();
  for (const [i, c] of captains.entries()) {
    await k
      .insertInto("tax_registrations")
      .values({ platform_id: system.platformId, tenant_id: c.tenant_id, org_id: null, owner_user_id: null, created_at: at, created_by: system.userId, updated_at: at, updated_by: system.userId, person_type: "CAPTAIN", person_id: Number(c.id), driver_profile_id: null, captain_profile_id: Number(c.id), name: c.name, id_card_no: c.id_card_no, mobile: c.mobile, tax_authority: "国家税务总局芜湖市镜湖区税务局", taxpayer_no: c.id_card_no, authorization_file: JSON.stringify(["/files/tax/authorization-demo.jpg"]), status: i === 0 ? "REGISTERED" : "PENDING", registered_at: i === 0 ? registered.registered_at : null, valid_to: i === 0 ? registered.valid_to : null, fail_reason: null })
      .execute();
  }

  // 撮合开票: a service-fee invoice per shipper, a driver-agent invoice per registered carrier; then issued, mailed, pending.
  const paid = waybills.filter((w) => freightIds.length >= 2 && freightIds.includes(Number(w.id)));
  // The last two paid waybills are left for 申请撮合开票 (the console's application form) to offer.
  const heldBack = new Set(paid.slice(-2).map((w) => Number(w.id)));
  const forService = paid.filter((w) => !heldBack.has(Number(w.id)));
  const shippers = [...new Set(forService.map((w) => w.shipper_name))];
  const invoices: number[] = [];
  for (const shipper of shippers) {
    const ofShipper = forService.filter((w) => w.shipper_name === shipper).map((w) => Number(w.id));
    invoices.push(Number((await applyMatchInvoice(db, orgUser, { requestNo: requestNo(), invoiceKind: "SERVICE", invoiceType: "DIGITAL_SPECIAL", freightIds: ofShipper })).id));
  }
  for (const p of carrierProfiles.slice(0, 2)) {
    const mine = paid.filter((w) => w.carrier_mobile === p.mobile);
    const shipper = mine[0]?.shipper_name;
    const ids = mine.filter((w) => w.shipper_name === shipper).map((w) => Number(w.id));
    if (ids.length) invoices.push(Number((await applyMatchInvoice(db, orgUser, { requestNo: requestNo(), invoiceKind: "DRIVER_AGENT", invoiceType: "DIGITAL_NORMAL", freightIds: ids })).id));
  }
  const issue = (id: number, n: number, mailed: boolean) =>
    k
      .updateTable("match_invoices")
      .set({ status: mailed ? "MAILED" : "ISSUED", invoice_no: `2634200000000${String(1000000 + n).slice(-7)}`, issue_date: addDays(chinaDate(), -3), finished_at: at, express_company: mailed ? "顺丰速运" : null, express_no: mailed ? `SF14${String(70000000 + n)}` : null, updated_at: at })
      .where("id", "=", id)
      .execute();
  for (const [i, id] of invoices.entries()) {
    if (i % 3 === 0) await issue(id, i, i === 0);
    else if (i % 3 === 1) await k.updateTable("match_invoices").set({ status: "ISSUING", updated_at: at }).where("id", "=", id).execute();
  }

  // 红包: fund the marketing account, one manual campaign paid into wallets, one waybill campaign waiting for claims, a draft.
  await fundMarketing(db, system, { requestNo: requestNo(), amount: 5_000_000 });
  const base = { audience: "DRIVER" as const, perUserLimit: 1, receiveDays: 7, validFrom: addDays(chinaDate(), -10), validTo: addDays(chinaDate(), 50) };
  const manual = await createCampaign(db, system, { ...base, requestNo: requestNo(), name: "新司机安全出行补贴", type: "MANUAL", amountMode: "FIXED", amountMin: 2_000, amountMax: 2_000, budget: 500_000 });
  await moveCampaign(db, system, Number(manual.id), "activate");
  const mobiles = [demoDriver.mobile, ...(await Promise.all(carriers.slice(0, 3).map(async (id) => (await person(id)).mobile)))];
  await grantManually(db, system, Number(manual.id), { requestNo: requestNo(), mobiles, amount: 2_000, remark: "11 月安全月活动" });
  const waybillCampaign = await createCampaign(db, system, { ...base, requestNo: requestNo(), name: "撮合完单奖励", type: "WAYBILL", amountMode: "RANDOM", amountMin: 500, amountMax: 2_000, budget: 200_000, perUserLimit: 10 });
  await moveCampaign(db, system, Number(waybillCampaign.id), "activate");
  const granted = [];
  for (const [i, w] of paid.slice(0, 5).entries()) granted.push(await grantFor(db, system, Number(waybillCampaign.id), Number(w.carrier_user_id), `WAYBILL:${String(w.id)}`, 500 + i * 300));
  if (granted[0]) await revokeGrant(db, system, Number(granted[0].id));
  await createCampaign(db, system, { ...base, requestNo: requestNo(), name: "春节返乡红包", type: "MANUAL", amountMode: "RANDOM", amountMin: 1_000, amountMax: 8_800, budget: 1_000_000, validFrom: addDays(chinaDate(), 60), validTo: addDays(chinaDate(), 90) });
  const ended = await createCampaign(db, system, { ...base, requestNo: requestNo(), name: "注册有礼（10 月）", type: "REGISTER", amountMode: "FIXED", amountMin: 1_000, amountMax: 1_000, budget: 100_000, validFrom: addDays(chinaDate(), -50), validTo: addDays(chinaDate(), -20) });
  await k.updateTable("red_envelope_campaigns").set({ status: "ENDED" }).where("id", "=", Number(ended.id)).execute();
}
