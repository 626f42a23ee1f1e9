/**
 * Demo 车源 and 短信模板: several approved vehicles of every demo organisation published for 找车 (one of
 * them the INDIVIDUAL_USER's own truck, one 已约, one 已下线), a few contacts on them; the platform's
 * default templates and the demo organisation's and driver's own ones in each state.
 */
import { sql, type Insertable } from "kysely";
import type { VehicleAvailabilitiesTable } from "./schema.js";
import { chinaDate } from "../../contract/units.js";
import type { Db } from "../db/index.js";
import { nowIso } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";

const PLACES: Array<[code: string, place: string, to: string]> = [
  ["340300", "安徽省蚌埠市怀远县", "芜湖,南京"],
  ["340200", "安徽省芜湖市鸠江区", "蚌埠,合肥"],
  ["340100", "安徽省合肥市肥西县", "徐州,蚌埠"],
  ["341300", "安徽省宿州市埇桥区", "上海,南京"],
  ["320100", "江苏省南京市浦口区", "蚌埠,阜阳"],
  ["320300", "江苏省徐州市铜山区", "合肥,芜湖"],
];
const LENGTHS = ["9.6", "13", "17.5", "6.8", "13.75"] as const;

export async function seedFindCar(db: Db, ids: SeedIds): Promise<void> {
  const k = db.kysely;
  const users = await k.selectFrom("users").select(["id", "type", "org_id", "tenant_id", "platform_id", "name", "mobile"]).where("id", "in", Object.values(ids.userIds)).execute();
  const userOf = (type: string) => users.find((u) => u.type === type)!;
  const org = userOf("ORG_USER");
  const individual = userOf("INDIVIDUAL_USER");
  const individualDriver = await k.selectFrom("freight_drivers").select("id").where("user_id", "=", individual.id).executeTakeFirst();
  const vehicles = await k
    .selectFrom("freight_vehicles")
    .select(["id", "platform_id", "tenant_id", "org_id", "plate_no", "vehicle_type", "load_capacity", "driver_id"])
    .where("audit_status", "=", "APPROVED")
    .where("enabled", "=", "ENABLED")
    .where("deleted_at", "is", null)
    .where("org_id", "in", ids.orgIds)
    .orderBy("id")
    .execute();
  const now = Date.now();
  const at = nowIso();
  const perOrg = new Map<number, number>();
  const rows: Array<Insertable<VehicleAvailabilitiesTable>> = [];
  for (const v of vehicles) {
    const ownIndividual = individualDriver && Number(v.driver_id) === Number(individualDriver.id);
    const n = perOrg.get(Number(v.org_id)) ?? 0;
    if (n >= 5 && !ownIndividual) continue;
    perOrg.set(Number(v.org_id), n + 1);
    const i = rows.length;
    const [code, place, to] = PLACES[i % PLACES.length]!;
    const from = now - 3600_000 + (i % 4) * 6 * 3600_000;
    const status = i === 3 ? "BOOKED" : i === 5 ? "OFF" : "AVAILABLE";
    const owner = ownIndividual ? Number(individual.id) : Number(org.org_id) === Number(v.org_id) ? Number(org.id) : null;
    rows.push({
      platform_id: v.platform_id, tenant_id: Number(v.tenant_id), org_id: Number(v.org_id), owner_user_id: owner, created_at: at, created_by: owner, updated_by: owner, updated_at: at, deleted_at: null,
      vehicle_id: Number(v.id), driver_id: v.driver_id == null ? null : Number(v.driver_id), plate_no: v.plate_no, vehicle_type: v.vehicle_type, vehicle_length: LENGTHS[i % LENGTHS.length]!,
      current_region_code: code, current_place: place, lat: null, lng: null, to_places: to,
      available_from: new Date(from).toISOString(), available_to: new Date(from + (2 + (i % 4)) * 86_400_000).toISOString(),
      available_load: Math.min(Number(v.load_capacity), 25_000 + (i % 5) * 5_000), expected_price: i % 3 === 2 ? null : 9_000 + (i % 4) * 1_500,
      contact_mobile: ownIndividual ? individual.mobile : `1390000${String(1000 + i).slice(-4)}`, remark: i % 2 ? "可装粮食、饲料，车况良好" : null,
      status, off_reason: status === "OFF" ? "车辆临时检修" : null,
    });
  }
  for (let i = 0; i < rows.length; i += 100) await k.insertInto("vehicle_availabilities").values(rows.slice(i, i + 100)).execute();

  // A few contacts by the demo organisation on other organisations' 车源.
  const others = await k.selectFrom("vehicle_availabilities").select(["id"]).where("org_id", "!=", Number(org.org_id)).where("status", "=", "AVAILABLE").orderBy("id").limit(3).execute();
  for (const [i, a] of others.entries()) {
    await k.insertInto("vehicle_contact_logs").values({ platform_id: org.platform_id, availability_id: Number(a.id), org_id: org.org_id, user_id: Number(org.id), user_name: org.name, channel: "PHONE", sms_log_id: null, created_at: new Date(now - (i + 1) * 86_400_000).toISOString() }).execute();
    await k.updateTable("vehicle_availabilities").set({ contact_count: sql`contact_count + 1` }).where("id", "=", Number(a.id)).execute();
  }

  const base = { created_at: at, updated_at: at, deleted_at: null, reject_reason: null, last_test_result: null };
  const platformTemplate = { ...base, platform_id: org.platform_id, tenant_id: null, org_id: null, owner_user_id: null, created_by: null, updated_by: null, status: "APPROVED" as const, sign_name: "运输管理平台" };
  const orgTemplate = { ...base, platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.org_id, owner_user_id: Number(org.id), created_by: Number(org.id), updated_by: Number(org.id), sign_name: "蚌埠粮运" };
  const driverTemplate = { ...base, platform_id: individual.platform_id, tenant_id: individual.tenant_id ?? org.tenant_id, org_id: individual.org_id ?? org.org_id, owner_user_id: Number(individual.id), created_by: Number(individual.id), updated_by: Number(individual.id), sign_name: "张师傅车队" };
  await k
    .insertInto("sms_templates")
    .values([
      { ...platformTemplate, code: "INVITE", name: "平台找车邀请", content: "${orgName}邀请车辆${plateNo}承运${route}的货物，联系电话${mobile}。", provider_template_id: "SMS_100001" },
      { ...platformTemplate, code: "DISPATCH_NOTICE", name: "平台派单通知", content: "运单${freightNo}已派给${plateNo}，请按时到${loadingPlace}装货，卸货地${unloadingPlace}。", provider_template_id: "SMS_100002" },
      { ...orgTemplate, code: "INVITE", name: "找车邀请（蚌埠）", content: "您好，${orgName}有${route}的粮食运输需求，诚邀${plateNo}承运，请致电${mobile}。", status: "APPROVED", provider_template_id: "SMS_100003", last_test_result: `${chinaDate().slice(5)} 09:30 已发送至 138****0003` },
      { ...orgTemplate, code: "DISPATCH_NOTICE", name: "派单通知", content: "运单${freightNo}已派给${plateNo}，请到${loadingPlace}装货。", status: "DRAFT", provider_template_id: null },
      { ...orgTemplate, code: "TIMEOUT_ALERT", name: "超时提醒", content: "车辆${plateNo}运单${freightNo}发生${alertType}，详情见 http://tms.example.cn", status: "REJECTED", provider_template_id: null, reject_reason: "模板内容不能包含链接" },
      { ...orgTemplate, code: "PAYMENT_ARRIVED", name: "运费到账", content: "运单${freightNo}的运费${amount}元已到账，请查收。", status: "DISABLED", provider_template_id: "SMS_100004" },
      { ...driverTemplate, code: "LOADING_REMIND", name: "装货提醒", content: "运单${freightNo}请于${loadingTime}前到场装货，车牌${plateNo}。", status: "APPROVED", provider_template_id: "SMS_100005" },
    ])
    .execute();
}
