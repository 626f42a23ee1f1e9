/**
 * How stored files are protected (docs/design/security-data.md): a download never crosses platforms,
 * whoever asks.
 */
import { tinyPdf } from "../helpers/files.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../platform/identity/crypto.js";
import { nowIso } from "../../platform/db/index.js";
import { call, DEMO_ACCOUNTS, DEMO_PASSWORD, encryptPassword, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

let platform: TestPlatform;
let admin: string;
let adminB: string;

/** A SYSTEM_USER of platform B (with platform A's system role codes), logged in through B. */
async function platformBAdmin(): Promise<string> {
  const db = platform.db.kysely;
  const role = await db.insertInto("roles").values({ platform_id: "B", name: "平台B管理员", user_type: "SYSTEM_USER" }).returning("id").executeTakeFirstOrThrow();
  const demoRole = await db.selectFrom("user_roles").innerJoin("users", "users.id", "user_roles.user_id").select("user_roles.role_id").where("users.mobile", "=", DEMO_ACCOUNTS.SYSTEM_USER).executeTakeFirstOrThrow();
  const codes = await db.selectFrom("role_permissions").select("permission_code").where("role_id", "=", demoRole.role_id).execute();
  await db.insertInto("role_permissions").values(codes.map((c) => ({ role_id: role.id, permission_code: c.permission_code }))).execute();
  const mobile = "13900000031";
  const user = await db
    .insertInto("users")
    .values({ platform_id: "B", tenant_id: null, org_id: null, type: "SYSTEM_USER", mobile, name: "平台B管理员", password_hash: await hashPassword(DEMO_PASSWORD), headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: null, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
  const headers = { "X-Platform": "B" };
  const csrf = await call<{ csrfToken: string; publicKey: string }>(platform.baseUrl, "/api/v1/auth/csrf", { body: { clientId: "test" }, headers });
  const res = await call<{ accessToken: string }>(platform.baseUrl, "/api/v1/auth/third-class-insurance/token", {
    body: { grantType: "password", authKey: mobile, authSecret: encryptPassword(csrf.body.data!.publicKey, DEMO_PASSWORD), clientId: "test", csrfToken: csrf.body.data!.csrfToken },
    headers,
  });
  return res.body.data!.accessToken;
}

async function upload(token: string, name: string, bytes: Buffer, query = "", path = "/system-file/upload") {
  const response = await fetch(`${platform.baseUrl}${path}?name=${encodeURIComponent(name)}${query}`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as { code: number; errorMsg?: string; data?: { id: number; url: string; headshotUrl?: string } } };
}

const download = (id: number | string, token: string | null, platformId = "A") =>
  fetch(`${platform.baseUrl}/system-file/${id}/download`, { headers: { "X-Platform": platformId, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

beforeAll(async () => {
  platform = await startTestPlatform("file_security");
  admin = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
  adminB = await platformBAdmin();
});
afterAll(() => platform?.close());

describe("file downloads", () => {
  it("never serve one platform's file to another platform's SYSTEM_USER, PRIVATE or PUBLIC", async () => {
    const secret = await upload(admin, "内部手册.pdf", tinyPdf("secret"), "&category=MANUAL&visibility=PRIVATE");
    expect(secret.body.code, JSON.stringify(secret.body)).toBe(200);
    const id = secret.body.data!.id;
    expect((await download(id, admin)).status).toBe(200);
    for (const platformId of ["A", "B"]) {
      const res = await download(id, adminB, platformId);
      expect(res.status === 404 || ((await res.json()) as { code: number }).code === 4003, `via ${platformId}`).toBe(true);
    }
    const open = await upload(admin, "公开手册.pdf", tinyPdf("open"), "&category=MANUAL&visibility=PUBLIC");
    expect((await download(open.body.data!.id, null, "B")).status).toBe(404);
  });
});
