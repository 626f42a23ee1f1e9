/**
 * Boots a real platform for integration tests on a seeded database of its own (a copy of the run's
 * template, see test-database.ts): SQLite, or PostgreSQL when TEST_DATABASE_URL is set; listening on
 * 127.0.0.1 on a free port.
 */
import { constants, publicEncrypt } from "node:crypto";
import { buildApp, type RouteEntry } from "../../platform/app.js";
import { loadPlatformConfig, type PlatformConfig } from "../../platform/config.js";
import { openDatabase, type Db } from "../../platform/db/index.js";
import { migrateToLatest } from "../../platform/db/migrate.js";
import { seededTestDatabase } from "./test-database.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../platform/db/seed.js";
import { hashPassword } from "../../platform/identity/crypto.js";
import type { ServiceContext } from "../../platform/context.js";

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export interface TestPlatform {
  baseUrl: string;
  db: Db;
  ctx: ServiceContext;
  /** The platform's route table (method and URL pattern of every route). */
  routes: RouteEntry[];
  /** Which database this run uses, for test names. */
  dialect: "sqlite" | "postgres";
  close(): Promise<void>;
}

export async function startTestPlatform(name: string, overrides: Partial<PlatformConfig> = {}): Promise<TestPlatform> {
  const database = await seededTestDatabase(name);
  const url = database.url;
  const config: PlatformConfig = { ...loadPlatformConfig({} as NodeJS.ProcessEnv), databaseUrl: url, port: 0, ...overrides };
  const db = await openDatabase(url);
  // The template was migrated when the run began; a migration added since (a worktree's) still runs.
  await migrateToLatest(db);
  const { app, ctx, routes } = await buildApp({ db, config });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    ctx,
    routes,
    dialect: db.dialect,
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export interface CallResult<T = unknown> {
  status: number;
  body: { code: number; message?: string; errorMsg?: string; data?: T };
}

/** POSTs (or GETs) JSON to the platform and returns status and parsed body. */
export async function call<T = unknown>(
  baseUrl: string,
  path: string,
  options: { body?: unknown; token?: string; method?: string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { "X-Platform": "A", ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  } else if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(baseUrl + path, { method: options.method ?? "POST", headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

export function encryptPassword(publicKey: string, password: string): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(password)).toString("base64");
}

/** The login endpoints (platform/identity/routes.ts). */
export const AUTH_PATHS = {
  csrf: "/api/v1/auth/csrf",
  token: "/api/v1/auth/third-class-insurance/token",
  sms: "/api/v1/auth/sms-auth-code",
  captcha: "/api/v1/auth/captcha",
  userInfo: "/api/v1/auth/user-info",
  revoke: "/api/v1/auth/token/revoke",
  refresh: "/api/v1/auth/token/refresh",
} as const;

/** A csrf token and the key a password is encrypted with, for `clientId`. */
export async function csrfFor(baseUrl: string, clientId: string): Promise<{ csrfToken: string; publicKey: string }> {
  const res = await call<{ csrfToken: string; publicKey: string }>(baseUrl, AUTH_PATHS.csrf, { body: { clientId } });
  if (res.status !== 200) throw new Error(`csrf failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
}

/**
 * A fresh account under `mobile`, a copy of the demo ORG_USER (organisation and roles) with its own
 * password, so tests that fail, lock or rate-limit logins never disturb one another.
 */
export async function addAccount(platform: TestPlatform, mobile: string, name: string, password = DEMO_PASSWORD): Promise<string> {
  const template = await platform.db.kysely.selectFrom("users").selectAll().where("mobile", "=", DEMO_ACCOUNTS.ORG_USER).executeTakeFirstOrThrow();
  const { id: _id, ...rest } = template;
  const user = await platform.db.kysely
    .insertInto("users")
    .values({ ...rest, mobile, name, password_hash: await hashPassword(password), failed_attempts: 0, locked_until: null, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const roles = await platform.db.kysely.selectFrom("user_roles").select("role_id").where("user_id", "=", template.id).execute();
  await platform.db.kysely.insertInto("user_roles").values(roles.map((r) => ({ user_id: user.id, role_id: r.role_id }))).execute();
  return mobile;
}

/** Logs a demo account in through csrf → encrypt → token and returns the token pair. */
export async function loginAs(baseUrl: string, mobile: string, password = DEMO_PASSWORD) {
  const { csrfToken, publicKey } = await csrfFor(baseUrl, "test");
  const res = await call<{ accessToken: string; refreshToken: string; expireIn: number }>(baseUrl, AUTH_PATHS.token, {
    body: { grantType: "password", authKey: mobile, authSecret: encryptPassword(publicKey, password), clientId: "test", csrfToken },
  });
  if (res.body.code !== 200) throw new Error(`login failed for ${mobile}: ${JSON.stringify(res.body)}`);
  return res.body.data!;
}
