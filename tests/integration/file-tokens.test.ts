/**
 * Files: one upload check reads the content's structure (a PNG header in
 * front of HTML is refused as an avatar, a PDF with a script too); every download says nosniff with a
 * safe disposition; PUBLIC files are read anonymously only through an unguessable token, never by
 * their sequential id; migration 0034 gives existing files a token and moves their stored addresses.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicFileTokensMigration } from "../../platform/db/migrations/0034_public_file_tokens.js";
import { nowIso } from "../../platform/db/index.js";
import { pngWithHtml, tinyPdf, tinyPng } from "../helpers/files.js";
import { DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

let platform: TestPlatform;
let dataDir: string;
let admin: string;
type Upload = { status: number; body: { code: number; errorMsg?: string; data?: { id: number; url: string; headshotUrl?: string } } };

async function upload(path: string, name: string, bytes: Buffer, query = ""): Promise<Upload> {
  const response = await fetch(`${platform.baseUrl}${path}?name=${encodeURIComponent(name)}${query}`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${admin}`, "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as Upload["body"] };
}
const get = (path: string, token: string | null = null) => fetch(`${platform.baseUrl}${path}`, { headers: { "X-Platform": "A", ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "tms-sec21-files-"));
  platform = await startTestPlatform("file_tokens", { dataDir });
  admin = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
});
afterAll(async () => {
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`stored files (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("refuse content whose structure is not its type's, or that carries markup", async () => {
    const disguised = await upload("/personal/avatar", "me.png", pngWithHtml());
    expect(disguised.status).toBe(400);
    expect(disguised.body.errorMsg).toContain("不是有效的 .png 文件");
    const trailing = await upload("/personal/avatar", "me.png", Buffer.concat([tinyPng(), Buffer.from("<p>hi</p>")]));
    expect(trailing.body.errorMsg).toContain("不是有效的 .png 文件");
    const jpeg = await upload("/personal/avatar", "me.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0<html><body>x</body></html>")]));
    expect(jpeg.body.errorMsg).toContain("不是有效的 .jpg 文件");
    const scripted = await upload("/system-file/upload", "手册.pdf", Buffer.from("%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n"), "&category=MANUAL");
    expect(scripted.body.errorMsg).toContain("不是有效的 .pdf 文件");
    const untrailed = await upload("/system-file/upload", "手册.pdf", Buffer.from("%PDF-1.4\n1 0 obj\n"), "&category=MANUAL");
    expect(untrailed.body.errorMsg).toContain("不是有效的 .pdf 文件");
    const fakeXlsx = await upload("/system-file/upload", "模板.xlsx", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("<html>")]), "&category=TEMPLATE");
    expect(fakeXlsx.body.errorMsg).toContain("不是有效的 .xlsx 文件");
    expect((await upload("/personal/avatar", "me.png", tinyPng())).body.code).toBe(200);
  });

  it("serve PUBLIC files by token only to anonymous readers, with nosniff and a safe disposition", async () => {
    const avatar = await upload("/personal/avatar", "头像.png", tinyPng());
    const url = avatar.body.data!.headshotUrl!;
    expect(url).toMatch(/^\/files\/p\/[0-9a-f]{32}$/);
    const token = url.slice("/files/p/".length);
    const row = await platform.db.kysely.selectFrom("system_files").select(["id"]).where("public_token", "=", token).executeTakeFirstOrThrow();

    const anonymous = await get(`/system-file/p/${token}/download`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("x-content-type-options")).toBe("nosniff");
    expect(anonymous.headers.get("content-type")).toBe("image/png");
    expect(anonymous.headers.get("content-disposition")).toMatch(/^inline; filename\*=UTF-8''/);
    expect(Buffer.from(await anonymous.arrayBuffer()).equals(tinyPng())).toBe(true);
    // The sequential id is refused without a login, PUBLIC or not; a guessed token is a 404.
    expect((await get(`/system-file/${row.id}/download`)).status).toBe(401);
    expect((await get(`/system-file/${row.id}/download`, admin)).status).toBe(200);
    expect((await get(`/system-file/p/${"0".repeat(32)}/download`)).status).toBe(404);
    expect((await get(`/system-file/p/${row.id}/download`)).status).toBe(400);

    const manual = await upload("/system-file/upload", "内部\"手册\r\n.pdf".replace(/["\r\n]/g, ""), tinyPdf("private"), "&category=MANUAL&visibility=PRIVATE");
    expect(manual.body.data!.url).toBe(`/files/${manual.body.data!.id}`);
    const privateRow = await platform.db.kysely.selectFrom("system_files").select(["public_token"]).where("id", "=", manual.body.data!.id).executeTakeFirstOrThrow();
    expect((await get(`/system-file/p/${privateRow.public_token}/download`)).status).toBe(404);
    const owner = await get(`/system-file/${manual.body.data!.id}/download`, admin);
    expect(owner.headers.get("x-content-type-options")).toBe("nosniff");
    expect(owner.headers.get("content-disposition")).toMatch(/^attachment; filename\*=UTF-8''/);
  });

  it("migration 0034 gives existing files a token and moves PUBLIC addresses to it", async () => {
    const db = platform.db.kysely;
    const migration = publicFileTokensMigration(platform.dialect);
    await migration.down!(db as never);
    const file = await db
      .insertInto("system_files")
      .values({ platform_id: "A", file_code: null, category: "UPLOAD", original_name: "旧头像.png", storage_key: "files/00/00/old", mime: "image/png", size_bytes: 10, sha256: "0".repeat(64), version: 1, visibility: "PUBLIC", biz_type: "AVATAR", biz_id: null, uploaded_by: null, created_at: nowIso(), deleted_at: null } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await db.selectFrom("users").select("id").where("mobile", "=", DEMO_ACCOUNTS.ORG_USER).executeTakeFirstOrThrow();
    await db.updateTable("users").set({ headshot_url: `/files/${file.id}` }).where("id", "=", user.id).execute();
    await migration.up(db as never);
    const after = await db.selectFrom("system_files").select(["id", "public_token"]).execute();
    expect(after.every((f) => /^[0-9a-f]{32}$/.test(String(f.public_token)))).toBe(true);
    expect(new Set(after.map((f) => f.public_token)).size).toBe(after.length);
    const token = after.find((f) => Number(f.id) === Number(file.id))!.public_token;
    const moved = await db.selectFrom("users").select("headshot_url").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(moved.headshot_url).toBe(`/files/p/${token}`);
  });
});
