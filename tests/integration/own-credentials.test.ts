/**
 * 我的证照 (docs/design/driver-workspace.md): a driver reads and submits his own papers — his profile's
 * and his own vehicle's — through /tms-credential/mine, whatever codes his role holds; never another
 * driver's, never the papers of an enterprise's vehicle he only drives (not through the generic
 * credential routes either); staff are sent to their own pages; a submission goes to staff review.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARRIER_CODES, CARRIER_ROLE } from "../../contract/role-templates.js";
import type { OwnPapers } from "../../contract/resources/credential.js";
import { nowIso } from "../../platform/db/index.js";
import { hashPassword } from "../../platform/identity/crypto.js";
import { templateRole } from "../../platform/iam/role-templates.js";
import { call, DEMO_PASSWORD, loginAs } from "../helpers/platform.js";
import { tinyPng, uploadDocument } from "../helpers/documents.js";
import { as, freshCarrier, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
let carrierToken = "";
let mine: Awaited<ReturnType<typeof freshCarrier>>;
let other: Awaited<ReturnType<typeof freshCarrier>>;

beforeAll(async () => {
  f = await startFreightPlatform("own-credentials");
  const db = f.p.db.kysely;
  // A driver an enterprise onboarded: his role holds only his wallet's and appeals' codes (司机/船长).
  const user = await db
    .insertInto("users")
    .values({ platform_id: "A", tenant_id: null, org_id: null, type: "INDIVIDUAL_USER", mobile: "13900000361", name: "证照司机", password_hash: await hashPassword(DEMO_PASSWORD), headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: null, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values({ user_id: user.id, role_id: await templateRole(db, "A", { name: CARRIER_ROLE, userType: "INDIVIDUAL_USER", codes: CARRIER_CODES }) }).execute();
  mine = await freshCarrier(f);
  other = await freshCarrier(f);
  await db.updateTable("driver_profiles").set({ user_id: user.id }).where("id", "=", mine.profileId).execute();
  await db.updateTable("freight_drivers").set({ user_id: user.id }).where("id", "=", mine.driverId).execute();
  await db.updateTable("freight_vehicles").set({ owner_user_id: user.id }).where("id", "=", mine.vehicleId).execute();
  carrierToken = (await loginAs(f.p.baseUrl, "13900000361")).accessToken;
});
afterAll(() => f?.close());

const asCarrier = <T>(path: string, body: unknown = {}, method = "POST") => call<T>(f.p.baseUrl, path, { token: carrierToken, body: method === "GET" ? undefined : body, method });
const papers = async (token?: string) => (await okData<OwnPapers>(token ? call(f.p.baseUrl, "/tms-credential/mine/search", { token, body: {} }) : asCarrier("/tms-credential/mine/search"))).papers;

describe("我的证照", () => {
  it("lists his profile's and his own vehicle's mandatory papers, with their state; nobody else's", async () => {
    const list = await papers();
    expect(list.map((p) => `${p.subjectType}:${p.subjectId}:${p.credType}`)).toEqual([
      `DRIVER:${mine.profileId}:ID_CARD`,
      `DRIVER:${mine.profileId}:DRIVING_LICENSE`,
      `DRIVER:${mine.profileId}:QUALIFICATION_CERT`,
      `VEHICLE:${mine.vehicleId}:VEHICLE_LICENSE`,
      `VEHICLE:${mine.vehicleId}:ROAD_TRANSPORT_CERT`,
    ]);
    expect(list[0]).toMatchObject({ subjectLabel: mine.name, credLabel: "身份证", mandatory: true, record: { status: "APPROVED" } });
    expect(list[3]).toMatchObject({ subjectLabel: mine.plateNo, credLabel: "机动车行驶证" });
    // The staff's list stays closed to a role without its codes.
    expect((await asCarrier("/tms-credential/search", { current: 1, size: 10 })).body.code).toBe(4003);
  });

  it("shows the demo driver his own papers but not those of the enterprise's vehicle he drives, here or in the generic list", async () => {
    const list = await papers(f.tokens.INDIVIDUAL_USER);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.subjectType === "DRIVER")).toBe(true);
    const generic = await okData<{ records: Array<{ id: number; subjectType: string }> }>(as(f, "INDIVIDUAL_USER", "/tms-credential/search", { current: 1, size: 100 }));
    expect(generic.records.filter((r) => r.subjectType === "VEHICLE")).toEqual([]);
    const vehicleCredential = await f.p.db.kysely.selectFrom("credentials").select("id").where("subject_type", "=", "VEHICLE").where("org_id", "=", f.orgIds[0]!).where("deleted_at", "is", null).executeTakeFirstOrThrow();
    const edit = await as(f, "INDIVIDUAL_USER", `/tms-credential/${vehicleCredential.id}`, { certNo: "改掉" }, "PUT");
    expect(edit.body.code).toBe(404);
  });

  it("takes a new 驾驶证 from him for staff review, replacing the old one; refuses another's subject, a vehicle he does not own and staff callers", async () => {
    const upload = await uploadDocument(f.p.baseUrl, carrierToken, tinyPng("驾驶证"));
    const image = upload.body.data!.url;
    const submitted = await okData<{ id: number; status: string; validTo: string }>(asCarrier("/tms-credential/mine", { subjectType: "DRIVER", subjectId: mine.profileId, credType: "DRIVING_LICENSE", validTo: "2032-06-30", images: [image] }));
    expect(submitted).toMatchObject({ status: "PENDING", validTo: "2032-06-30" });
    const license = (await papers()).find((p) => p.credType === "DRIVING_LICENSE")!;
    expect(license.record).toMatchObject({ id: submitted.id, status: "PENDING" });
    const live = await f.p.db.kysely.selectFrom("credentials").select("id").where("subject_type", "=", "DRIVER").where("subject_id", "=", mine.profileId).where("cred_type", "=", "DRIVING_LICENSE").where("deleted_at", "is", null).execute();
    expect(live.map((r) => r.id)).toEqual([submitted.id]);

    const others = await asCarrier("/tms-credential/mine", { subjectType: "DRIVER", subjectId: other.profileId, credType: "DRIVING_LICENSE", images: [image] });
    expect(others.status).toBe(400);
    expect(others.body.errorMsg).toContain("只能上传您本人或您名下车辆的证照");
    const demoImage = (await uploadDocument(f.p.baseUrl, f.tokens.INDIVIDUAL_USER, tinyPng("行驶证"))).body.data!.url;
    const driven = await as(f, "INDIVIDUAL_USER", "/tms-credential/mine", { subjectType: "VEHICLE", subjectId: 1, credType: "VEHICLE_LICENSE", images: [demoImage] });
    expect(driven.body.errorMsg).toContain("只能上传您本人或您名下车辆的证照");
    const staff = await as(f, "ORG_USER", "/tms-credential/mine/search", {});
    expect(staff.body.code).toBe(4003);
    expect(staff.body.message ?? staff.body.errorMsg).toContain("只对司机、船长本人开放");

    // The auditor rejects it: he reads the reason on his list.
    await okData(as(f, "TENANT_USER", `/tms-credential/${submitted.id}/reject`, { rejectReason: "BLURRY", auditRemark: "驾驶证照片反光" }));
    expect((await papers()).find((p) => p.credType === "DRIVING_LICENSE")!.record).toMatchObject({ status: "REJECTED", rejectReason: "证件照片模糊：驾驶证照片反光" });
  });

  it("refuses a submission without a photo, in words", async () => {
    const res = await asCarrier("/tms-credential/mine", { subjectType: "DRIVER", subjectId: mine.profileId, credType: "ID_CARD" });
    expect(res.status).toBe(400);
    expect(res.body.errorMsg).toContain("证照图片");
  });
});
