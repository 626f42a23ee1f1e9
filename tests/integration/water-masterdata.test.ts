/**
 * Rules of the water master data beyond the generated resource tests: the water right, the demo data,
 * shipowner fields by kind, the captain roster's find-or-create of the profile, profile corrections,
 * ship relations (party, overlap, 解除) and ship tonnages.
 */
import { idNoHash, openIdNo } from "../../platform/db/personal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import { captain } from "../../contract/resources/captain.js";
import { ship } from "../../contract/resources/ship.js";
import { creditCodeOf, idCardNoOf } from "../../contract/resources/samples.js";
import { as, grantCredentials, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

type Rec = Record<string, unknown> & { id: number; actions: string[]; version: number };

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("water-masterdata");
});
afterAll(async () => {
  await f?.close();
});

const post = (account: Account, path: string, body: object = {}) => as<Rec>(f, account, path, body);
const put = (account: Account, path: string, body: object) => as<Rec>(f, account, path, body, "PUT");
const get = (account: Account, path: string) => as<Rec>(f, account, path, undefined, "GET");
const search = (account: Account, api: string, body: object = {}) => okData<Paged<Rec>>(as(f, account, `/${api}/search`, { size: 200, ...body }));

/** A refusal: HTTP 200 with this code and a message containing `text`. */
async function refused(promise: ReturnType<typeof post>, code: number, text: string) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(code);
  expect(res.body.message ?? res.body.errorMsg).toContain(text);
}

let serial = 5_000;
const shipBody = (extra: object = {}) => ({ ...ship.example!.body(++serial, {}), ...extra });
const newShip = async (extra: object = {}) => okData<Rec>(post("ORG_USER", "/tms-ship", shipBody(extra)));

describe("water right", () => {
  const APIS = ["tms-ship", "tms-captain", "tms-captain-profile", "tms-shipowner", "tms-ship-relation"];

  it("refuses every water resource to the individual account, which lacks TMS_FREIGHT_WATER", async () => {
    for (const api of APIS) {
      await refused(post("INDIVIDUAL_USER", `/${api}/search`), 4003, "水路运输权限");
      await refused(post("INDIVIDUAL_USER", `/${api}/options`), 4003, "水路运输权限");
    }
    await refused(post("INDIVIDUAL_USER", "/tms-captain", captain.example!.body(1, {})), 4003, "水路运输权限");
  });

  it("refuses them to everyone when the build lacks the CAPTAIN version function", async () => {
    const roadOnly = await startFreightPlatform("water-masterdata-road", { versionFunctions: ["DRIVER"] });
    try {
      for (const api of APIS) {
        const res = await as(roadOnly, "SYSTEM_USER", `/${api}/search`, {});
        expect(res.body.code).toBe(4003);
      }
    } finally {
      await roadOnly.close();
    }
  });
});

describe("demo data", () => {
  it("gives every demo organisation approved, pending and rejected rows of each kind", async () => {
    const db = f.p.db.kysely;
    // The three organisations of the identity seed (the enterprise seed adds more, without water business).
    for (const orgId of f.orgIds.slice(0, 3)) {
      const states = async (table: "freight_ships" | "shipowners" | "ship_relations", column: "audit_status" | "relation_status" = "audit_status") =>
        new Set((await db.selectFrom(table).selectAll().where("org_id", "=", orgId).execute()).map((r) => String((r as Record<string, unknown>)[column])));
      expect(await states("freight_ships")).toEqual(new Set(["APPROVED", "PENDING", "REJECTED"]));
      expect(await states("shipowners")).toEqual(new Set(["APPROVED", "PENDING", "REJECTED"]));
      expect(await states("ship_relations")).toEqual(new Set(["APPROVED", "PENDING", "REJECTED"]));
      expect(await states("ship_relations", "relation_status")).toEqual(new Set(["ACTIVE", "DISSOLVED"]));
      const roster = await db.selectFrom("freight_captains").select(["profile_id", "profile_audit_status", "status"]).where("org_id", "=", orgId).execute();
      expect(roster.every((r) => r.profile_id !== null)).toBe(true);
      expect(new Set(roster.map((r) => r.profile_audit_status))).toEqual(new Set(["APPROVED", "PENDING", "REJECTED"]));
      expect(new Set(roster.map((r) => r.status))).toEqual(new Set(["ACTIVE", "REMOVED"]));
    }
    // Seeded ships keep dispatching: approved, enabled, with the ministry's identifiers.
    const seededShips = await db.selectFrom("freight_ships").select(["ship_identity_no", "mmsi"]).where("audit_status", "=", "APPROVED").execute();
    expect(seededShips.every((s) => /^CN\d{11}$/.test(s.ship_identity_no ?? "") && /^\d{9}$/.test(s.mmsi))).toBe(true);
    expect(new Set(seededShips.map((s) => s.mmsi)).size).toBe(seededShips.length);
  });

  it("lists the organisation's own rows to ORG_USER and every organisation's to the tenant", async () => {
    const own = await search("ORG_USER", "tms-shipowner");
    expect(own.total).toBeGreaterThanOrEqual(4);
    expect(own.records.every((r) => r.orgId === f.orgIds[0])).toBe(true);
    const tenant = await search("TENANT_USER", "tms-shipowner");
    expect(new Set(tenant.records.map((r) => r.orgId))).toEqual(new Set(f.orgIds.slice(0, 3)));
  });
});

describe("shipowners", () => {
  const company = (n: number, extra: object = {}) => ({
    name: "淮南淮河船务有限公司",
    kind: "COMPANY",
    creditCode: creditCodeOf("340400", `MA3${String(100_000 + n)}`),
    contactName: "常永红",
    contactMobile: "0554-6651234",
    ...extra,
  });
  const personal = (n: number, extra: object = {}) => ({ name: "柏海涛", kind: "PERSON", idCardNo: idCardNoOf("340403", "1975-03-1" + String(n % 10), 300 + n), mobile: "13905541234", ...extra });

  it("requires the fields of the chosen kind, in Chinese", async () => {
    await refused(post("ORG_USER", "/tms-shipowner", { name: "柏海涛", kind: "PERSON" }), 4000, "个人船东须填写身份证号、手机号");
    await refused(post("ORG_USER", "/tms-shipowner", personal(1, { mobile: null })), 4000, "个人船东须填写手机号");
    await refused(post("ORG_USER", "/tms-shipowner", { name: "淮南淮河船务有限公司", kind: "COMPANY" }), 4000, "企业船东须填写统一社会信用代码、联系人、联系电话");
    const bad = await post("ORG_USER", "/tms-shipowner", company(2, { creditCode: "91340400MA3100002X" }));
    expect(bad.status).toBe(400);
    expect(bad.body.errorMsg ?? bad.body.message).toContain("统一社会信用代码不正确");
  });

  it("keeps only the kind's own fields, masks the ID number and refuses a second owner with the same number", async () => {
    const created = await okData<Rec>(post("ORG_USER", "/tms-shipowner", company(3, { idCardNo: idCardNoOf("340403", "1980-01-01", 5), mobile: "13905540000" })));
    expect(created.idCardNo).toBeNull();
    expect(created.mobile).toBeNull();
    expect(created.auditStatus).toBe("PENDING");
    await refused(post("ORG_USER", "/tms-shipowner", company(3, { name: "另一家公司" })), 4009, "本企业已登记统一社会信用代码");

    const person = await okData<Rec>(post("ORG_USER", "/tms-shipowner", personal(4)));
    expect(person.idCardNo).toMatch(/^3404\*{10}\d{3}[\dX]$/);
    // Masked for every caller, the platform's staff too; the full number only through 查看完整.
    const full = await okData<Rec>(get("SYSTEM_USER", `/tms-shipowner/${person.id}`));
    expect(full.idCardNo).toBe(person.idCardNo);
    expect((await okData<Rec>(post("SYSTEM_USER", `/tms-shipowner/${person.id}/reveal`, { field: "idCardNo" }))).value).toBe(personal(4).idCardNo);
    await refused(post("ORG_USER", "/tms-shipowner", personal(4, { name: "柏海" })), 4009, "本企业已登记身份证号 3404");
    await refused(put("ORG_USER", `/tms-shipowner/${person.id}`, { mobile: null, version: person.version }), 4000, "个人船东须填写手机号");
    const edited = await okData<Rec>(put("ORG_USER", `/tms-shipowner/${person.id}`, { address: "安徽省淮南市田家庵区舜耕路 1 号", version: person.version }));
    expect(edited.address).toContain("舜耕路");
  });
});

describe("captain roster and profiles", () => {
  const body = (n: number, extra: object = {}) => ({ ...captain.example!.body(n, {}), ...extra });

  it("creates a pending profile for a new ID number and links the roster row to it", async () => {
    const created = await okData<Rec>(post("ORG_USER", "/tms-captain", body(11)));
    expect(created.status).toBe("ACTIVE");
    expect(created.profileAuditStatus).toBe("PENDING");
    expect(created.idCardNo).toMatch(/\*{10}/);
    const profile = await okData<Rec>(get("TENANT_USER", `/tms-captain-profile/${String(created.profileId)}`));
    expect(profile.name).toBe(created.name);
    expect(profile.crewCertNo).toBe(created.certificateNo);
    expect(profile.auditStatus).toBe("PENDING");
    expect(profile.source).toBe("ORG");

    // Correcting the certificate from the roster reaches the not yet approved profile.
    const corrected = await okData<Rec>(put("ORG_USER", `/tms-captain/${created.id}`, { certificateNo: "皖内河900000011", version: created.version }));
    expect(corrected.certificateNo).toBe("皖内河900000011");
    expect((await okData<Rec>(get("TENANT_USER", `/tms-captain-profile/${String(created.profileId)}`))).crewCertNo).toBe("皖内河900000011");

    // Approving the profile shows on the roster; then the organisation can no longer change its key data.
    const profileNow = await okData<Rec>(get("TENANT_USER", `/tms-captain-profile/${String(created.profileId)}`));
    await grantCredentials(f, "CAPTAIN", Number(created.profileId));
    await okData(post("TENANT_USER", `/tms-captain-profile/${String(created.profileId)}/approve`, { version: profileNow.version }));
    const roster = await okData<Rec>(get("ORG_USER", `/tms-captain/${created.id}`));
    expect(roster.profileAuditStatus).toBe("APPROVED");
    await refused(put("ORG_USER", `/tms-captain/${created.id}`, { certificateNo: "皖内河900000099" }), 4009, "档案已认证");
    const remark = await okData<Rec>(put("ORG_USER", `/tms-captain/${created.id}`, { remark: "常跑淮河线", mobile: "13912345678" }));
    expect(remark.remark).toBe("常跑淮河线");
    expect(remark.profileAuditStatus).toBe("APPROVED");
  });

  it("finds the existing profile by ID number, checks the name and refuses a second roster row", async () => {
    const db = f.p.db.kysely;
    const stored = await db.selectFrom("captain_profiles").selectAll().where("org_id", "=", f.orgIds[1]!).where("audit_status", "=", "APPROVED").orderBy("id").executeTakeFirstOrThrow();
    const other = { ...stored, id_card_no: openIdNo(stored.id_card_no) };
    await refused(post("ORG_USER", "/tms-captain", body(12, { idCardNo: other.id_card_no, name: "张冠李" })), 4000, `已登记为船长「${other.name}」`);
    const joined = await okData<Rec>(post("ORG_USER", "/tms-captain", body(12, { idCardNo: other.id_card_no, name: other.name, certificateNo: "皖内河000000000" })));
    expect(joined.profileId).toBe(other.id);
    expect(joined.profileAuditStatus).toBe("APPROVED");
    expect(joined.certificateNo).toBe(other.crew_cert_no);
    expect(await db.selectFrom("captain_profiles").select("id").where("id_card_no_hash", "=", idNoHash(other.id_card_no)).execute()).toHaveLength(1);
    await refused(post("ORG_USER", "/tms-captain", body(13, { idCardNo: other.id_card_no, name: other.name })), 4009, "已在本企业名册中");
    // The profile is now visible to the organisation through its roster.
    expect((await search("ORG_USER", "tms-captain-profile")).records.some((r) => r.id === other.id)).toBe(true);
  });

  it("keeps a captain on the roster while they are a ship's current captain", async () => {
    const busy = (await search("ORG_USER", "tms-ship")).records.find((r) => r.captainId !== null && r.auditStatus === "APPROVED")!;
    await refused(post("ORG_USER", `/tms-captain/${String(busy.captainId)}/remove`), 4009, `仍是船舶 ${String(busy.shipName)} 的当前船长`);
    const free = await okData<Rec>(post("ORG_USER", "/tms-captain", body(14)));
    const removed = await okData<Rec>(post("ORG_USER", `/tms-captain/${free.id}/remove`));
    expect(removed.status).toBe("REMOVED");
    await refused(post("ORG_USER", "/tms-ship", shipBody({ captainId: free.id })), 4009, "已解除合作");
  });
});

describe("ships", () => {
  it("refuses a net tonnage above the gross tonnage", async () => {
    await refused(post("ORG_USER", "/tms-ship", shipBody({ grossTonnage: 1000, netTonnage: 1200 })), 4000, "净吨不能大于总吨");
  });

  it("lists the captain's ships by captain", async () => {
    const withCaptain = (await search("ORG_USER", "tms-ship")).records.find((r) => r.captainId !== null)!;
    const ships = await search("ORG_USER", "tms-ship", { captainId: withCaptain.captainId });
    expect(ships.records.map((r) => r.id)).toContain(withCaptain.id);
    expect(ships.records.every((r) => r.captainId === withCaptain.captainId)).toBe(true);
  });
});

describe("ship relations", () => {
  it("names the party, refuses overlapping periods and a shipowner as 在船船长, and ends with 解除", async () => {
    const s = await newShip();
    const owner = await okData<Rec>(post("ORG_USER", "/tms-shipowner", { name: "淮南顺风船务有限公司", kind: "COMPANY", creditCode: creditCodeOf("340400", "MA3200001"), contactName: "胡立新", contactMobile: "0554-6651111" }));
    await refused(post("ORG_USER", "/tms-ship-relation", { shipId: s.id, partyType: "SHIPOWNER", relationType: "OWNER" }), 4000, "请选择船东");
    await refused(post("ORG_USER", "/tms-ship-relation", { shipId: s.id, partyType: "SHIPOWNER", shipownerId: owner.id, relationType: "CAPTAIN" }), 4000, "「在船船长」关系的人员须为船长");
    await refused(post("ORG_USER", "/tms-ship-relation", { shipId: s.id, partyType: "SHIPOWNER", shipownerId: owner.id, relationType: "LEASED" }), 4000, "光租关系须填写有效期至");

    const relation = await okData<Rec>(post("ORG_USER", "/tms-ship-relation", { shipId: s.id, partyType: "SHIPOWNER", shipownerId: owner.id, relationType: "OWNER", validFrom: "2030-01-01", validTo: "2030-12-31" }));
    expect(relation.partyName).toBe("淮南顺风船务有限公司");
    expect(relation.shipName).toBe(s.shipName);
    expect(relation.relationStatus).toBe("ACTIVE");
    await refused(post("ORG_USER", "/tms-ship-relation", { shipId: s.id, partyType: "SHIPOWNER", shipownerId: owner.id, relationType: "OPERATOR", validFrom: "2030-06-01" }), 4009, "有效期不能重叠");
    await okData(post("ORG_USER", "/tms-ship-relation", { shipId: s.id, partyType: "SHIPOWNER", shipownerId: owner.id, relationType: "OPERATOR", validFrom: "2031-01-01", validTo: "2031-06-30" }));

    // Approving an owner relation makes the shipowner the ship's 船东.
    await okData(post("TENANT_USER", `/tms-ship-relation/${relation.id}/approve`, {}));
    expect((await okData<Rec>(get("ORG_USER", `/tms-ship/${s.id}`))).shipownerName).toBe("淮南顺风船务有限公司");

    const captainRow = await okData<Rec>(post("ORG_USER", "/tms-captain", captain.example!.body(21, {})));
    const withCaptain = await okData<Rec>(post("ORG_USER", "/tms-ship-relation", { shipId: s.id, partyType: "CAPTAIN", captainProfileId: captainRow.profileId, relationType: "CAPTAIN" }));
    expect(withCaptain.partyName).toBe(captainRow.name);
    expect(withCaptain.captainProfileName).toBe(captainRow.name);

    const res = await post("TENANT_USER", `/tms-ship-relation/${withCaptain.id}/dissolve`, {});
    expect(res.status).toBe(400);
    expect(res.body.errorMsg ?? res.body.message).toContain("解除原因");
    const dissolved = await okData<Rec>(post("TENANT_USER", `/tms-ship-relation/${withCaptain.id}/dissolve`, { dissolveReason: "船长调离该船" }));
    expect(dissolved.relationStatus).toBe("DISSOLVED");
    expect(dissolved.actions).not.toContain("dissolve");
    await refused(post("TENANT_USER", `/tms-ship-relation/${withCaptain.id}/approve`, {}), 4009, "已解除");
    await refused(put("ORG_USER", `/tms-ship-relation/${withCaptain.id}`, { relationType: "OPERATOR" }), 4009, "已解除");
  });
});
