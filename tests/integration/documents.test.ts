/**
 * Documents (docs/design/documents-and-credentials.md): 证照 that gate and documents that are uploads.
 * - upload checks: type by content, size, images and PDF only;
 * - scoping: a private credential image is the uploader's, its subject's organisation's and the
 *   auditors' — another organisation gets 403; a record cannot take another's file by id;
 * - approval gating: a subject is approved only with its mandatory credentials approved (named if not);
 * - eligibility (五证齐全): a pending, rejected, missing or expired mandatory credential is named by
 *   dispatch and by the picker, road and water;
 * - the expiry job flags once and notifies the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, chinaDate } from "../../contract/units.js";
import type { DriverRecord, ShipRecord } from "../../contract/freight.js";
import { hashPassword } from "../../platform/identity/crypto.js";
import { nowIso } from "../../platform/db/index.js";
import { flagExpiringCredentials } from "../../platform/documents/expiry.js";
import { storeDocument } from "../../platform/documents/documents.js";
import { bootstrapCatalogue } from "../../platform/iam/bootstrap.js";
import { STARTING_REJECT_REASONS } from "../../contract/resources/dict-item.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loginAs } from "../helpers/platform.js";
import { downloadFile, tinyPng, uploadDocument } from "../helpers/documents.js";
import { as, createOrder, freshCarrier, freshWaterCarrier, grantCredentials, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
let otherOrg = "";
beforeAll(async () => {
  f = await startFreightPlatform("documents");
  const db = f.p.db.kysely;
  // An ORG_USER of the second organisation, with the demo ORG_USER's role.
  const role = await db.selectFrom("users").innerJoin("user_roles", "user_roles.user_id", "users.id").select("user_roles.role_id").where("users.mobile", "=", DEMO_ACCOUNTS.ORG_USER).executeTakeFirstOrThrow();
  const org = await db.selectFrom("organisations").selectAll().where("id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
  const user = await db
    .insertInto("users")
    .values({ platform_id: "A", tenant_id: org.tenant_id, org_id: org.id, type: "ORG_USER", mobile: "13900000021", name: "测试他企", password_hash: await hashPassword(DEMO_PASSWORD), headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: null, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values({ user_id: user.id, role_id: role.role_id }).execute();
  otherOrg = (await loginAs(f.p.baseUrl, "13900000021")).accessToken;
});
afterAll(() => f?.close());

const token = (who: keyof typeof DEMO_ACCOUNTS) => f.tokens[who];

describe("document uploads", () => {
  it("accepts images and PDF checked by content, refuses other types, a lying extension and an oversize file", async () => {
    const png = await uploadDocument(f.p.baseUrl, token("ORG_USER"), tinyPng());
    expect(png.body.code, JSON.stringify(png.body)).toBe(200);
    expect(png.body.data).toMatchObject({ mime: "image/png", url: `/files/${png.body.data!.id}` });
    const pdf = await uploadDocument(f.p.baseUrl, token("ORG_USER"), Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"), { name: "行驶证.pdf" });
    expect(pdf.body.data?.mime).toBe("application/pdf");
    const lying = await uploadDocument(f.p.baseUrl, token("ORG_USER"), Buffer.from("MZ not an image at all"), { name: "证照.png" });
    expect(lying.status).toBe(400);
    expect(lying.body.errorMsg).toContain("文件内容与扩展名 .png 不符");
    const xlsx = await uploadDocument(f.p.baseUrl, token("ORG_USER"), Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { name: "表.xlsx" });
    expect(xlsx.status).toBe(400);
    expect(xlsx.body.errorMsg).toContain("只能上传 jpg、jpeg、png、webp、pdf");
    // The size limit (10 MB) through the same store call the route makes.
    const big = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const caller = { userId: 1, platformId: "A", name: "测试" } as unknown as Parameters<typeof storeDocument>[1];
    await expect(storeDocument(f.p.ctx, caller, { name: "大.png", bytes: big, kind: "CREDENTIAL" })).rejects.toThrow("文件过大");
    const kind = await uploadDocument(f.p.baseUrl, token("ORG_USER"), tinyPng(), { kind: "ANYTHING" });
    expect(kind.body.errorMsg).toContain("文件用途不正确");
  });

  it("keeps a credential image private to its owner's organisation and the auditors; a record cannot take another's file", async () => {
    const c = await freshCarrier(f);
    const upload = await uploadDocument(f.p.baseUrl, token("ORG_USER"), tinyPng("保险单"));
    const fileId = upload.body.data!.id;
    // Before any record holds it: the uploader only.
    expect((await downloadFile(f.p.baseUrl, otherOrg, fileId)).status, "other org before").toBe(4003);
    expect((await downloadFile(f.p.baseUrl, null, fileId)).status, "anonymous").toBe(401);
    // Another organisation cannot put it in its own record to read it.
    const stolen = await as(f, "TENANT_USER", "/tms-credential", { subjectType: "VEHICLE", subjectId: c.vehicleId, credType: "INSURANCE_POLICY", certNo: "PDAA202600000001", validTo: "2030-12-31", images: [upload.body.data!.url] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errorMsg).toContain("不是您上传的");
    const typed = await as(f, "ORG_USER", "/tms-credential", { subjectType: "VEHICLE", subjectId: c.vehicleId, credType: "INSURANCE_POLICY", validTo: "2030-12-31", images: ["/files/credentials/policy.jpg"] });
    expect(typed.body.errorMsg).toContain("须上传文件");
    // 长期有效 left at 「请选择」 (the form posts null): the credential is not long-term, not a server error.
    const saved = await okData<{ longTerm: boolean }>(as(f, "ORG_USER", "/tms-credential", { subjectType: "VEHICLE", subjectId: c.vehicleId, credType: "INSURANCE_POLICY", certNo: "PDAA202600000001", validTo: "2030-12-31", longTerm: null, images: [upload.body.data!.url] }));
    expect(saved.longTerm).toBe(false);
    const own = await downloadFile(f.p.baseUrl, token("ORG_USER"), fileId);
    expect(own.status).toBe(200);
    expect(own.bytes.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // The tenant's auditor sees the credential, so its image; another organisation does not.
    expect((await downloadFile(f.p.baseUrl, token("TENANT_USER"), fileId)).status).toBe(200);
    expect((await downloadFile(f.p.baseUrl, otherOrg, fileId)).status, "other org after").toBe(4003);
  });

  it("serves the seeded demo credential images (real PNGs) to the auditors", async () => {
    const row = await f.p.db.kysely.selectFrom("credentials").select("images").where("subject_type", "=", "DRIVER").where("status", "=", "PENDING").where("deleted_at", "is", null).executeTakeFirstOrThrow();
    const id = Number(/\/files\/(\d+)/.exec(row.images)![1]);
    const got = await downloadFile(f.p.baseUrl, token("SYSTEM_USER"), id);
    expect(got.status).toBe(200);
    expect(got.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  });
});

describe("approval gating", () => {
  it("refuses to approve a vehicle with no credentials, naming each; approves once each is audited one by one", async () => {
    const db = f.p.db.kysely;
    const c = await freshCarrier(f);
    await db.updateTable("freight_vehicles").set({ audit_status: "PENDING" }).where("id", "=", c.vehicleId).execute();
    await db.updateTable("credentials").set({ deleted_at: nowIso() }).where("subject_type", "=", "VEHICLE").where("subject_id", "=", c.vehicleId).execute();
    const none = await as(f, "TENANT_USER", `/tms-vehicle/${c.vehicleId}/approve`, {});
    expect(none.body.code).toBe(4010);
    expect(none.body.message).toContain("机动车行驶证未上传；道路运输证未上传");
    // Uploaded: pending until audited, one by one.
    await grantCredentials(f, "VEHICLE", c.vehicleId, { status: "PENDING" });
    const pending = await as(f, "TENANT_USER", `/tms-vehicle/${c.vehicleId}/approve`, {});
    expect(pending.body.message).toContain("机动车行驶证待审核");
    const creds = await db.selectFrom("credentials").select(["id", "cred_type"]).where("subject_type", "=", "VEHICLE").where("subject_id", "=", c.vehicleId).where("deleted_at", "is", null).orderBy("id").execute();
    const [license, road] = creds;
    await okData(as(f, "TENANT_USER", `/tms-credential/${license!.id}/approve`, {}));
    await okData(as(f, "TENANT_USER", `/tms-credential/${road!.id}/reject`, { rejectReason: "BLURRY", auditRemark: "道路运输证背面看不清" }));
    const rejected = await as(f, "TENANT_USER", `/tms-vehicle/${c.vehicleId}/approve`, {});
    expect(rejected.body.message).toContain("道路运输证已驳回");
    expect(rejected.body.message).not.toContain("机动车行驶证");
    const row = await db.selectFrom("credentials").select(["reject_count", "reject_reason"]).where("id", "=", road!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reject_count: 1, reject_reason: "证件照片模糊：道路运输证背面看不清" });
    await grantCredentials(f, "VEHICLE", c.vehicleId, { only: ["ROAD_TRANSPORT_CERT"] });
    const approved = await okData<{ auditStatus: string }>(as(f, "TENANT_USER", `/tms-vehicle/${c.vehicleId}/approve`, {}));
    expect(approved.auditStatus).toBe("APPROVED");
  });
});

describe("五证齐全 on dispatch and in the pickers", () => {
  it("names the driver's pending credential and the vehicle's expired one; dispatches once they are in order", async () => {
    const c = await freshCarrier(f);
    await grantCredentials(f, "DRIVER", c.profileId, { status: "PENDING", only: ["QUALIFICATION_CERT"] });
    await grantCredentials(f, "VEHICLE", c.vehicleId, { validTo: addDays(chinaDate(), -1), only: ["ROAD_TRANSPORT_CERT"] });
    const orderId = await createOrder(f);
    const res = await as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 40_000 }] });
    expect(res.body.code).toBe(4010);
    expect(res.body.message).toContain(`司机${c.name}的道路运输从业资格证待审核`);
    expect(res.body.message).toContain(`车辆${c.plateNo}的道路运输证已过期`);
    const drivers = await okData<{ records: DriverRecord[] }>(as(f, "ORG_USER", "/tms-resource/drivers", { keyword: c.name, size: 10 }));
    expect(drivers.records.find((r) => r.id === c.driverId)).toMatchObject({ eligible: false, ineligibleReason: expect.stringContaining("道路运输从业资格证待审核") });
    await grantCredentials(f, "DRIVER", c.profileId, { only: ["QUALIFICATION_CERT"] });
    await grantCredentials(f, "VEHICLE", c.vehicleId, { only: ["ROAD_TRANSPORT_CERT"] });
    await okData(as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 40_000 }] }));
  });

  it("names a ship's missing credential on water dispatch and greys the ship in the picker", async () => {
    const w = await freshWaterCarrier(f);
    await f.p.db.kysely.updateTable("credentials").set({ deleted_at: nowIso() }).where("subject_type", "=", "SHIP").where("subject_id", "=", w.shipId).where("cred_type", "=", "SHIP_INSPECTION").execute();
    const orderId = await createOrder(f, { way: "WATER" });
    const res = await as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ captainId: w.captainId, shipId: w.shipId, plannedWeight: 1_000_000 }] });
    expect(res.body.code).toBe(4010);
    expect(res.body.message).toContain(`船舶${w.shipName}的船舶检验证书簿未上传`);
    const ships = await okData<{ records: ShipRecord[] }>(as(f, "ORG_USER", "/tms-resource/ships", { keyword: w.shipName, size: 10 }));
    expect(ships.records.find((r) => r.id === w.shipId)).toMatchObject({ eligible: false, ineligibleReason: expect.stringContaining("船舶检验证书簿未上传") });
  });
});

describe("the expiry job", () => {
  it("flags credentials expiring within 30 days once and tells the subject's organisation", async () => {
    const db = f.p.db.kysely;
    const c = await freshCarrier(f);
    await grantCredentials(f, "VEHICLE", c.vehicleId, { validTo: addDays(chinaDate(), 10), only: ["VEHICLE_LICENSE"] });
    const first = await flagExpiringCredentials(f.p.ctx);
    expect(first.flagged).toBeGreaterThan(0);
    const orgUser = await db.selectFrom("users").select("id").where("mobile", "=", DEMO_ACCOUNTS.ORG_USER).executeTakeFirstOrThrow();
    const told = await db.selectFrom("notifications").select("content").where("user_id", "=", orgUser.id).execute();
    expect(told.map((n) => n.content)).toContain(`车辆「${c.plateNo}」的机动车行驶证将于 ${addDays(chinaDate(), 10)} 到期，到期后不能派单，请尽快上传新证照并提交审核。`);
    const flagged = await db.selectFrom("credentials").select("expiry_flagged_to").where("subject_type", "=", "VEHICLE").where("subject_id", "=", c.vehicleId).where("cred_type", "=", "VEHICLE_LICENSE").where("deleted_at", "is", null).executeTakeFirstOrThrow();
    expect(flagged.expiry_flagged_to).toBe(addDays(chinaDate(), 10));
    const again = await flagExpiringCredentials(f.p.ctx);
    expect(again.flagged).toBe(0);
  });
});

describe("驳回原因 from the dictionary", () => {
  /** A fresh pending 保险单 of a fresh vehicle, uploaded by the organisation. */
  async function pendingCredential(): Promise<number> {
    const c = await freshCarrier(f);
    const upload = await uploadDocument(f.p.baseUrl, token("ORG_USER"), tinyPng("保险单"));
    const saved = await okData<{ id: number }>(as(f, "ORG_USER", "/tms-credential", { subjectType: "VEHICLE", subjectId: c.vehicleId, credType: "INSURANCE_POLICY", certNo: "PDAA202600000002", validTo: "2030-12-31", images: [upload.body.data!.url] }));
    return saved.id;
  }
  const row = (id: number) => f.p.db.kysely.selectFrom("credentials").select(["status", "reject_count", "reject_reason", "audit_remark"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("refuses a 证照 驳回 without a reason, with one outside the dictionary or disabled, and 其他 without text; changes nothing", async () => {
    const id = await pendingCredential();
    const reject = (body: Record<string, unknown>) => as(f, "TENANT_USER", `/tms-credential/${id}/reject`, body);
    expect((await reject({ auditRemark: "看不清" })).body.errorMsg).toContain("驳回原因");
    expect((await reject({ rejectReason: "NO_SUCH_REASON" })).body.errorMsg).toContain("驳回原因「NO_SUCH_REASON」不在字典中或已停用");
    expect((await reject({ rejectReason: "OTHER" })).body.errorMsg).toContain("选择「其他」时请填写补充说明");
    const db = f.p.db.kysely;
    await db.updateTable("dict_items").set({ enabled: "DISABLED" }).where("dict_type", "=", "AUDIT_REJECT_REASON").where("code", "=", "NOT_OWN").execute();
    try {
      expect((await reject({ rejectReason: "NOT_OWN" })).body.errorMsg).toContain("不在字典中或已停用");
    } finally {
      await db.updateTable("dict_items").set({ enabled: "ENABLED" }).where("dict_type", "=", "AUDIT_REJECT_REASON").where("code", "=", "NOT_OWN").execute();
    }
    expect(await row(id)).toMatchObject({ status: "PENDING", reject_count: 0, reject_reason: null });
  });

  it("writes the chosen reason and the free text as the 证照's 驳回原因 and 审核意见, and in its history", async () => {
    const id = await pendingCredential();
    const done = await okData<{ status: string; rejectReason: string }>(as(f, "TENANT_USER", `/tms-credential/${id}/reject`, { rejectReason: "MISSING_BACK", auditRemark: "请补拍背面" }));
    expect(done).toMatchObject({ status: "REJECTED", rejectReason: "缺少证件背面：请补拍背面" });
    expect(await row(id)).toMatchObject({ reject_count: 1, audit_remark: "缺少证件背面：请补拍背面" });
    const again = await pendingCredential();
    await okData(as(f, "TENANT_USER", `/tms-credential/${again}/reject`, { rejectReason: "OTHER", auditRemark: "保单不是本车的" }));
    expect((await row(again)).reject_reason).toBe("其他：保单不是本车的");
  });

  it("asks the same of a subject's 驳回 (司机档案): reason required, written with the text as 审核意见", async () => {
    const c = await freshCarrier(f);
    await f.p.db.kysely.updateTable("driver_profiles").set({ audit_status: "PENDING" }).where("id", "=", c.profileId).execute();
    const missing = await as(f, "TENANT_USER", `/tms-driver-profile/${c.profileId}/reject`, { auditRemark: "身份证与姓名不符" });
    expect(missing.status).toBe(400);
    expect(missing.body.errorMsg).toContain("驳回原因");
    const done = await okData<{ auditStatus: string; auditRemark: string }>(as(f, "TENANT_USER", `/tms-driver-profile/${c.profileId}/reject`, { rejectReason: "MISMATCH", auditRemark: "身份证与姓名不符" }));
    expect(done).toMatchObject({ auditStatus: "REJECTED", auditRemark: "证件信息与填写不一致：身份证与姓名不符" });
  });
});

describe("the starting 驳回原因", () => {
  it("every platform gets those it lacks at start; one staff deleted stays deleted", async () => {
    const db = f.p.db.kysely;
    const reasons = () => db.selectFrom("dict_items").select(["code", "deleted_at"]).where("platform_id", "=", "A").where("dict_type", "=", "AUDIT_REJECT_REASON").execute();
    await db.deleteFrom("dict_items").where("platform_id", "=", "A").where("dict_type", "=", "AUDIT_REJECT_REASON").where("code", "=", "WRONG_TYPE").execute();
    await db.updateTable("dict_items").set({ deleted_at: nowIso() }).where("platform_id", "=", "A").where("dict_type", "=", "AUDIT_REJECT_REASON").where("code", "=", "INCOMPLETE").execute();
    await bootstrapCatalogue(f.p.db);
    const after = await reasons();
    expect(after.map((r) => r.code).sort()).toEqual(STARTING_REJECT_REASONS.map(([code]) => code).sort());
    expect(after.find((r) => r.code === "INCOMPLETE")!.deleted_at, "deleted by staff, not brought back").not.toBeNull();
    await db.updateTable("dict_items").set({ deleted_at: null }).where("platform_id", "=", "A").where("dict_type", "=", "AUDIT_REJECT_REASON").where("code", "=", "INCOMPLETE").execute();
  });
});

describe("an organisation's own 证照", () => {
  it("uploads for its own driver and vehicle; another enterprise's driver and vehicle are refused", async () => {
    const mine = await freshCarrier(f);
    const theirs = await freshCarrier(f, { orgIndex: 1 });
    const body = (subjectType: string, subjectId: number, url: string) => ({ subjectType, subjectId, credType: subjectType === "DRIVER" ? "ID_CARD" : "VEHICLE_LICENSE", certNo: "34010219800101001X", validTo: "2031-12-31", images: [url] });
    const photo = async () => (await uploadDocument(f.p.baseUrl, token("ORG_USER"), tinyPng("身份证"))).body.data!.url;
    const driver = await okData<{ status: string; subjectId: number }>(as(f, "ORG_USER", "/tms-credential", body("DRIVER", mine.profileId, await photo())));
    expect(driver).toMatchObject({ status: "PENDING", subjectId: mine.profileId });
    await okData(as(f, "ORG_USER", "/tms-credential", body("VEHICLE", mine.vehicleId, await photo())));
    for (const [type, id] of [["DRIVER", theirs.profileId], ["VEHICLE", theirs.vehicleId]] as const) {
      const refused = await as(f, "ORG_USER", "/tms-credential", body(type, id, await photo()));
      expect(refused.status, `${type} of another enterprise`).toBe(400);
      expect(refused.body.errorMsg).toContain("主体编号不存在或不在您的管理范围内");
    }
    const theirsHeld = await f.p.db.kysely.selectFrom("credentials").select("status").where("subject_type", "=", "DRIVER").where("subject_id", "=", theirs.profileId).where("cred_type", "=", "ID_CARD").where("deleted_at", "is", null).executeTakeFirstOrThrow();
    expect(theirsHeld.status, "the other enterprise's 身份证 is untouched").toBe("APPROVED");
  });
});

describe("发票影像", () => {
  it("the platform uploads an issued invoice's image (its own upload only); the applicant sees it, another enterprise does not", async () => {
    const db = f.p.db.kysely;
    const invoice = await db.selectFrom("invoices").select(["id", "org_id"]).where("status", "=", "ISSUED").where("org_id", "=", f.orgIds[0]!).where("deleted_at", "is", null).executeTakeFirstOrThrow();
    const attach = (who: "SYSTEM_USER" | "ORG_USER", images: string[]) => as<{ status: string; images: string[] }>(f, who, `/pay-invoice/${invoice.id}/attachImages`, { images });
    const pdf = await uploadDocument(f.p.baseUrl, token("SYSTEM_USER"), Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"), { name: "发票.pdf", kind: "INVOICE" });
    expect((await attach("SYSTEM_USER", ["/files/invoices/typed.pdf"])).body.errorMsg).toContain("须上传文件");
    const orgsFile = (await uploadDocument(f.p.baseUrl, token("ORG_USER"), tinyPng("发票"), { kind: "INVOICE" })).body.data!.url;
    expect((await attach("SYSTEM_USER", [orgsFile])).body.errorMsg).toContain("不是您上传的");
    expect((await attach("ORG_USER", [pdf.body.data!.url])).body.code, "the applicant does not issue invoices").toBe(4003);
    const done = await okData<{ status: string; images: string[] }>(attach("SYSTEM_USER", [pdf.body.data!.url]));
    expect(done).toMatchObject({ status: "ISSUED", images: [pdf.body.data!.url] });
    expect((await downloadFile(f.p.baseUrl, token("ORG_USER"), pdf.body.data!.id)).status).toBe(200);
    expect((await downloadFile(f.p.baseUrl, otherOrg, pdf.body.data!.id)).status).toBe(4003);
  });
});
