/**
 * Every rule in one home (docs/architecture.md "Where each rule lives"): a scan of the source that
 * fails when a copy of a rule appears outside its home — China-time arithmetic, money text, the
 * current/size page parser and the caller-kind branches of the scope rule.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const SOURCE_DIRS = ["app", "platform", "contract", "scripts", "bench"];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name === "build" || name.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.test(name) ? [relative(ROOT, path).split("\\").join("/")] : [];
  });
}

const FILES = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));

interface Rule {
  name: string;
  /** The files allowed to hold the rule. */
  homes: string[];
  patterns: RegExp[];
  /** Lines that must be caught (proves the patterns are not vacuous). */
  caught: string[];
  /** Lines that must not be caught (legitimate uses elsewhere). */
  allowed: string[];
}

const RULES: Rule[] = [
  {
    name: "China time (UTC+8 offset, zone name, day/month bounds)",
    homes: ["contract/units.ts", "platform/db/china-date.ts"],
    patterns: [/\+08:00/, /\b8\s*\*\s*(60\s*\*\s*60|3600|3_600)/, /\b(3600|3_600)(_?000)?\s*\*\s*8\b/, /Asia\/Shanghai/, /['"`]\+8 hours['"`]/, /\b28_?800(_?000)?\b/],
    caught: ["new Date(`${d}T00:00:00+08:00`)", "const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;", "const OFFSET = 8 * 3600_000;", "at time zone 'Asia/Shanghai'", "datetime(x, '+8 hours')", "t + 28_800_000"],
    allowed: ["chinaDayStart(filter.from)", "const DAY_MS = 24 * 3600_000;", "const FLAG_UTF8 = 0x0800;"],
  },
  {
    name: "money text (fen → 元 with 2 decimals)",
    homes: ["contract/numbers.ts"],
    patterns: [/\/\s*100\s*\)\s*\.toFixed\(/, /\byuan\w*\([^)]*\)\s*\.toFixed\(/i, /\b(const|let|function)\s+yuan\b/, /\/\s*100\s*\}\s*(→|–|-)?\s*\S*\s*元/, /\/\s*1000\s*\)\s*\.toFixed\(2\)/],
    caught: ["`${(amount / 100).toFixed(2)} 元`", "`实付 ${yuan(paid).toFixed(2)} 元`", "const yuan = (fen: number) => fen / 100;", "`不能超过 ${maxFen / 100} 元`", "`${(kg / 1000).toFixed(2)} 吨`"],
    allowed: ["`${yuanPlain(amount)} 元`", "lat.toFixed(6)", "((performance.now() - started) / 1000).toFixed(1)", "(bytes / 1024 / 1024).toFixed(1)"],
  },
  {
    name: "list paging (current/size parsed from a query or body)",
    homes: ["app/lib/paging.ts", "platform/http/envelope.ts"],
    patterns: [/searchParams\.get\(\s*["'](current|size)["']\s*\)/, /\b(current|size)\s*:\s*z\.(coerce|number|preprocess|string|union)\b/, /\{\s*current:\s*1,\s*size:\s*\d+\s*\}/],
    caught: ['Number(url.searchParams.get("current"))', "size: z.coerce.number().int().max(50)", "{ current: 1, size: 200 }"],
    allowed: ["{ ...filter, current, size }", "firstPage(50)", "let current: z.ZodTypeAny | undefined = schema;", 'params.set("current", String(lastPage));'],
  },
  {
    name: "list filters read from the URL (first value, trimmed, blanks dropped)",
    homes: ["app/services/list-query.ts"],
    patterns: [/searchParams\.get\(\s*[a-z]\w*\s*\)\s*\?\?\s*""\s*\)\.trim\(\)/, /searchParams\.get\(\s*[a-z]\w*\s*\)\?\.trim\(\)/],
    caught: ['const value = (url.searchParams.get(key) ?? "").trim();', "const value = url.searchParams.get(key)?.trim();", 'MAP_FILTERS.map((k) => [k, (url.searchParams.get(k) ?? "").trim()])'],
    allowed: ['const freightNo = (url.searchParams.get("freightNo") ?? "").trim();', "const filter = queryText(url, FILTERS[tab]);"],
  },
  {
    name: "the ?confirm= address of a confirmation (read, closed)",
    homes: ["app/lib/confirm.ts"],
    patterns: [/\.(get|delete)\(\s*["'`]confirm["'`]\s*\)/, /\.exec\([^)]*["'`]confirm["'`]/],
    caught: ['const match = /^grant:(\\d+)$/.exec(url.searchParams.get("confirm") ?? "");', 'params.delete("confirm");'],
    allowed: ["const grantId = confirmedId(url, \"grant\");", 'formData.get("confirmed")', "params.delete(CONFIRM_PARAM);"],
  },
  {
    name: "caller kinds (whose rows a caller sees)",
    homes: ["platform/scope.ts"],
    patterns: [/\b(scope|caller)\.type\s*(===|!==)/, /\bswitch\s*\(\s*(\w+\.)?(scope|caller)\.type\s*\)/],
    caught: ['if (scope.type === "ORG_USER") q = q.where("org_id", "=", scope.orgId ?? -1);', 'q.scope.type !== "SYSTEM_USER"', "  switch (scope.type) {", 'if (caller.type === "TENANT_USER") query = query.where("tenant_id", "=", caller.tenantId ?? -1);'],
    allowed: ["if (isOrgUser(scope)) q = q.where(rowsFor(scope, \"p\"));"],
  },
  {
    name: "account kinds compared by hand (user.type, user.info.type, a row's type)",
    homes: ["contract/platforms.ts"],
    patterns: [/\.type\s*(===|!==)\s*["'`](SYSTEM_USER|TENANT_USER|ORG_USER|INDIVIDUAL_USER)["'`]/],
    caught: ['const staff = user.info.type === "SYSTEM_USER" || user.info.type === "TENANT_USER";', 'if (u.type !== "INDIVIDUAL_USER") return;', 'users.find((u) => u.type === "ORG_USER")'],
    allowed: ["const staff = isStaff(user.info);", "if (isOrgUser(user.info)) return;", '.where("u.type", "=", user.type)', 'if (row.type === "WATER") return;'],
  },
  {
    name: "check characters of identity numbers (身份证 GB 11643, 统一社会信用代码 GB 32100)",
    homes: ["contract/validation.ts"],
    patterns: [/7,\s*9,\s*10,\s*5,\s*8,\s*4,\s*2/, /1,\s*3,\s*9,\s*27,\s*19,\s*26/, /10X98765432/],
    caught: ["const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];", "const W = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];", 'return `${body}${"10X98765432"[sum % 11]}`;'],
    allowed: ["idCardWithCheck(body17)", "creditCodeWithCheck(`91${region}${organisation}`)"],
  },
];

describe.each(RULES)("$name", (rule) => {
  it("the patterns catch a copy and leave legitimate code alone", () => {
    for (const line of rule.caught) expect(rule.patterns.some((p) => p.test(line)), line).toBe(true);
    for (const line of rule.allowed) expect(rule.patterns.some((p) => p.test(line)), line).toBe(false);
  });

  it("has no copy outside its home", () => {
    expect(FILES.length).toBeGreaterThan(100);
    for (const home of rule.homes) expect(FILES, home).toContain(home);
    const copies = FILES.filter((file) => !rule.homes.includes(file)).flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (rule.patterns.some((p) => p.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(copies).toEqual([]);
  });
});

/**
 * Comments and test titles say why, not which issue asked for it: an issue's number is nothing a
 * future maintainer can look up. Every file under these folders is scanned, whatever its kind. The
 * pattern is built from parts so that this file's own text does not match it.
 */
describe("no pointer to an issue number", () => {
  const DIRS = ["app", "platform", "contract", "scripts", "tests", "bench", "eslint-rules", "deploy"];
  const ISSUE_NUMBER = new RegExp(String.raw`\b[Ii]ssu` + String.raw`e \d+`);

  function everyFile(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name === "node_modules" || name === "build" || name.startsWith(".")) return [];
      return statSync(path).isDirectory() ? everyFile(path) : [relative(ROOT, path).split("\\").join("/")];
    });
  }

  it("the pattern catches a reference and leaves other words alone", () => {
    for (const line of ["(iss" + "ue 15 item 11)", "Iss" + "ue 20: a new enterprise"]) expect(ISSUE_NUMBER.test(line), line).toBe(true);
    for (const line of ["parsed.error.issues[0]?.message", 'status: "ISSUED"', "issue_date: today", "reissued 3 times"]) expect(ISSUE_NUMBER.test(line), line).toBe(false);
  });

  it("is in no source, test, bench, lint-rule or deployment file", () => {
    const files = DIRS.flatMap((dir) => everyFile(join(ROOT, dir)));
    expect(files).toContain("tests/unit/rule-homes.test.ts");
    const found = files.flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (ISSUE_NUMBER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
