/**
 * Demo master data of vehicles: the seeded fleet gets its licence data (approved, valid, loads that fit,
 * so dispatch works out of the box), and every demo organisation gets vehicles awaiting audit, rejected
 * and with a licence about to expire, so the audit pages have work.
 */
import type { AuditState } from "../../contract/resources/vocabulary.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { Transaction } from "kysely";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";

const TYPES = ["重型半挂牵引车", "重型自卸货车", "重型仓栅式货车", "重型厢式货车"];

/** A plausible VIN: WMI + 6 + check position + year + plant + serial (format only; not a real vehicle). */
const vinOf = (n: number) => `LFWSRXRJ${String(n % 10)}${"ABCDEFGHJK"[n % 10]}1E${String(10000 + (n % 89999)).padStart(5, "0")}`.slice(0, 17);

/** The 行驶证 and 道路运输证 of a vehicle, in the vehicle's audit state. */
async function seedCredentials(trx: Transaction<Database>, vehicle: { id: number; tenant_id: number; org_id: number; plate_no: string; owner: string; status: AuditState; licenseTo: string; roadCertNo: string; roadTo: string }) {
  const at = nowIso();
  const common = { platform_id: "A", tenant_id: vehicle.tenant_id, org_id: vehicle.org_id, subject_type: "VEHICLE" as const, subject_id: vehicle.id, status: vehicle.status, created_at: at, updated_at: at, long_term: 0 };
  await trx
    .insertInto("credentials")
    .values([
      { ...common, cred_type: "VEHICLE_LICENSE", cert_no: vehicle.plate_no.replace("·", ""), holder_name: vehicle.owner, issuing_authority: "安徽省蚌埠市公安局交通警察支队", valid_to: vehicle.licenseTo, images: JSON.stringify([`/files/credentials/vl-${vehicle.id}-front.jpg`, `/files/credentials/vl-${vehicle.id}-back.jpg`]), reject_count: vehicle.status === "REJECTED" ? 1 : 0, reject_reason: vehicle.status === "REJECTED" ? "行驶证照片模糊" : null },
      { ...common, cred_type: "ROAD_TRANSPORT_CERT", cert_no: vehicle.roadCertNo, holder_name: vehicle.owner, issuing_authority: "蚌埠市道路运输管理处", valid_to: vehicle.roadTo, images: JSON.stringify([`/files/credentials/rtc-${vehicle.id}.jpg`]), reject_count: 0, reject_reason: null },
    ])
    .execute();
}

export async function seedVehicles(db: Db, ids: SeedIds): Promise<void> {
  const today = chinaDate();
  await db.kysely.transaction().execute(async (trx) => {
    const orgs = await trx.selectFrom("organisations").select(["id", "name", "tenant_id"]).where("id", "in", ids.orgIds).execute();
    const orgName = new Map(orgs.map((o) => [Number(o.id), o.name]));
    const fleet = await trx.selectFrom("freight_vehicles").select(["id", "org_id", "tenant_id", "plate_no", "load_capacity"]).orderBy("id").execute();
    for (const v of fleet) {
      const n = Number(v.id);
      const licenseTo = addDays(today, n % 7 === 0 ? 20 : 200 + (n % 300));
      const roadCertNo = `3403000${String(10000 + n).padStart(5, "0")}`;
      await seedCredentials(trx, { id: n, tenant_id: Number(v.tenant_id), org_id: Number(v.org_id), plate_no: v.plate_no, owner: orgName.get(Number(v.org_id)) ?? "个人车主", status: "APPROVED", licenseTo, roadCertNo, roadTo: addDays(today, 400 + (n % 200)) });
      await trx
        .updateTable("freight_vehicles")
        .set({
          owner_name: orgName.get(Number(v.org_id)) ?? "个人车主",
          use_character: "货运",
          vin: vinOf(n),
          gross_mass: Number(v.load_capacity) + 14_000,
          road_cert_no: roadCertNo,
          license_valid_to: licenseTo,
          road_cert_valid_to: addDays(today, 400 + (n % 200)),
          updated_at: nowIso(),
        })
        .where("id", "=", v.id)
        .execute();
    }
    const letters = "ABCDEFGHJK";
    let n = 0;
    for (const org of orgs) {
      const kinds: Array<{ status: AuditState; remark: string | null }> = [
        { status: "PENDING", remark: null },
        { status: "PENDING", remark: null },
        { status: "REJECTED", remark: "行驶证照片模糊，请重新上传清晰的正副本照片" },
      ];
      for (const kind of kinds) {
        n++;
        const plate = `皖${letters[(Number(org.id) + n) % letters.length]}·${String(60000 + n * 137).slice(0, 5)}`;
        const load = 30_000 + (n % 5) * 2_000;
        const at = new Date(Date.now() - n * 3_600_000).toISOString();
        const row = await trx
          .insertInto("freight_vehicles")
          .values({
            platform_id: "A",
            tenant_id: Number(org.tenant_id),
            org_id: Number(org.id),
            plate_no: plate,
            plate_color_code: "2",
            vehicle_type: TYPES[n % TYPES.length]!,
            energy_type: "B",
            load_capacity: load,
            gross_mass: load + 14_000,
            driver_id: null,
            owner_name: org.name,
            use_character: "货运",
            vin: vinOf(500 + n),
            ownership_type: "OWN",
            road_cert_no: `3403000${String(20000 + n)}`,
            license_valid_to: addDays(today, 365),
            road_cert_valid_to: addDays(today, 365),
            audit_status: kind.status,
            audit_remark: kind.remark,
            created_at: at,
            updated_at: at,
            created_by: ids.userIds.ORG_USER,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await seedCredentials(trx, { id: Number(row.id), tenant_id: Number(org.tenant_id), org_id: Number(org.id), plate_no: plate, owner: org.name, status: kind.status, licenseTo: addDays(today, 365), roadCertNo: `3403000${String(20000 + n)}`, roadTo: addDays(today, 365) });
        await trx.insertInto("resource_events").values({ resource: "vehicle", record_id: Number(row.id), action: "CREATE", action_label: "新增", from_status: null, to_status: "PENDING", remark: null, detail: null, operator_user_id: ids.userIds.ORG_USER, operator_name: "李调度", platform_id: "A", tenant_id: Number(org.tenant_id), org_id: Number(org.id), created_at: at }).execute();
        if (kind.status === "REJECTED") {
          await trx.insertInto("resource_events").values({ resource: "vehicle", record_id: Number(row.id), action: "REJECT", action_label: "驳回", from_status: "PENDING", to_status: "REJECTED", remark: kind.remark, detail: null, operator_user_id: ids.userIds.TENANT_USER, operator_name: "王运营", platform_id: "A", tenant_id: Number(org.tenant_id), org_id: Number(org.id), created_at: nowIso() }).execute();
        }
      }
    }
  });
}
