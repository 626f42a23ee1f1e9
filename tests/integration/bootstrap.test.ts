/** A production database gets no demo data; the first administrator comes from a one-time step. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../platform/app.js";
import { loadPlatformConfig } from "../../platform/config.js";
import { bootstrapCatalogue, createFirstAdmin } from "../../platform/iam/bootstrap.js";
import { openDatabase, type Db } from "../../platform/db/index.js";
import { migrateToLatest } from "../../platform/db/migrate.js";
import { PERMISSION_CODES } from "../../contract/permissions.js";
import { call, encryptPassword } from "../helpers/platform";
import { emptyTestDatabase } from "../helpers/test-database";

describe(`production bootstrap (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  let db: Db;
  let baseUrl: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = emptyTestDatabase("bootstrap");
    const url = database.url;
    db = await openDatabase(url);
    await migrateToLatest(db);
    await bootstrapCatalogue(db);
    await bootstrapCatalogue(db);
    const { app } = await buildApp({ db, config: { ...loadPlatformConfig({} as NodeJS.ProcessEnv), databaseUrl: url, port: 0, production: true } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    close = async () => {
      await app.close();
      await db.destroy();
      await database.drop();
    };
  });
  afterAll(() => close?.());

  it("has the catalogue and no demo accounts", async () => {
    expect(await db.kysely.selectFrom("users").select("id").execute()).toEqual([]);
    const codes = await db.kysely.selectFrom("permissions").select("code").execute();
    expect(codes.length).toBe(PERMISSION_CODES.length);
    const login = await call(baseUrl, "/api/v1/dev/outbox?mobile=13800000001&kind=sms", { method: "GET" });
    expect(login.status).toBe(404);
  });

  it("creates the first administrator once, with an expired one-time password", async () => {
    const admin = await createFirstAdmin(db, { mobile: "13912345678", name: "首位管理员" });
    expect(admin.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{16}$/);
    await expect(createFirstAdmin(db, { mobile: "13912345679", name: "第二位" })).rejects.toThrow(/只能创建一次/);
    await expect(createFirstAdmin(db, { mobile: "123", name: "x", platformId: "B" })).rejects.toThrow(/手机号/);

    const csrf = await call<{ csrfToken: string; publicKey: string }>(baseUrl, "/api/v1/auth/csrf", { body: { clientId: "test" } });
    const { csrfToken, publicKey } = csrf.body.data!;
    const res = await call<{ accessToken: string; pwExpiration?: string }>(baseUrl, "/api/v1/auth/third-class-insurance/token", {
      body: { grantType: "password", authKey: admin.mobile, authSecret: encryptPassword(publicKey, admin.password), clientId: "test", csrfToken },
    });
    expect(res.body.code).toBe(200);
    expect(Date.parse(res.body.data!.pwExpiration!)).toBeLessThanOrEqual(Date.now());
  });
});
