/**
 * Every roster row gets its 司机档案 (domain 1.2 backfill): rows without a profile get an approved one
 * with a valid ID number (their licence number when it already is one, else its first 17 digits with
 * the GB 11643 check character), reusing the platform's profile of the same ID number. Run by
 * migration 0008 for existing databases and by the demo seed after the freight seed.
 */
import type { Kysely } from "kysely";
import { idCardWithCheck } from "../../contract/validation.js";
import { addDays, chinaDate } from "../../contract/units.js";
import { isIdCardNo } from "../../contract/validation.js";

/** A valid ID number for a seeded licence number. */
export function validIdOf(licenseNo: string, n: number): string {
  if (isIdCardNo(licenseNo)) return licenseNo.toUpperCase();
  const body = /^\d{17}/.test(licenseNo) ? licenseNo.slice(0, 17) : "";
  const candidate = body ? idCardWithCheck(body) : "";
  if (candidate && isIdCardNo(candidate)) return candidate;
  return idCardWithCheck(`34010419800101${String(n % 1000).padStart(3, "0")}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function backfillDriverProfiles(db: Kysely<any>): Promise<number> {
  const rows = await db.selectFrom("freight_drivers").selectAll().where("profile_id", "is", null).orderBy("id").execute();
  const today = chinaDate();
  for (const d of rows) {
    const n = Number(d.id);
    const idCardNo = validIdOf(String(d.license_no), n);
    const licenseValidTo = addDays(today, 900 + (n % 700));
    const qualificationValidTo = addDays(today, 500 + (n % 400));
    let profile = (await db.selectFrom("driver_profiles").select(["id", "audit_status"]).where("platform_id", "=", d.platform_id).where("id_card_no", "=", idCardNo).where("deleted_at", "is", null).executeTakeFirst()) as { id: number; audit_status: string } | undefined;
    if (!profile) {
      profile = (await db
        .insertInto("driver_profiles")
        .values({
          platform_id: d.platform_id,
          tenant_id: d.tenant_id,
          org_id: d.org_id,
          owner_user_id: null,
          user_id: d.user_id ?? null,
          registered_tenant_id: d.tenant_id,
          name: d.name,
          mobile: d.mobile,
          id_card_no: idCardNo,
          source: d.user_id == null ? "ORG" : "APP",
          driving_license_no: idCardNo,
          vehicle_class: "A2",
          license_valid_to: licenseValidTo,
          qualification_cert_no: idCardNo,
          qualification_valid_to: qualificationValidTo,
          audit_status: "APPROVED",
          enabled: "ENABLED",
          created_at: d.created_at,
          updated_at: d.created_at,
          version: 0,
        })
        .returning(["id", "audit_status"])
        .executeTakeFirstOrThrow()) as { id: number; audit_status: string };
    }
    await db
      .updateTable("freight_drivers")
      .set({ profile_id: profile.id, profile_status: profile.audit_status, id_card_no: idCardNo, license_no: idCardNo, vehicle_class: "A2", license_valid_to: licenseValidTo, qualification_cert_no: idCardNo, qualification_valid_to: qualificationValidTo })
      .where("id", "=", d.id)
      .execute();
  }
  return rows.length;
}
