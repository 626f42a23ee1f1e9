import { describe, expect, it } from "vitest";
import { JSON_LIMITS, jsonLimitViolation } from "../../contract/json-limits";
import { nulPath } from "../../platform/http/guards";
import { readJson } from "../../app/services/read-form.server";

const deepArray = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

describe("JSON bounds on the text", () => {
  it("allows 64 levels and refuses 65, for arrays and objects, as the body or inside a field", () => {
    expect(jsonLimitViolation(deepArray(JSON_LIMITS.maxDepth))).toBeNull();
    expect(jsonLimitViolation(deepObject(JSON_LIMITS.maxDepth))).toBeNull();
    for (const body of [deepArray(65), deepObject(65), `{"ids":${deepArray(20_000)}}`, deepObject(20_000)]) {
      expect(jsonLimitViolation(body)).toBe("请求体嵌套层级过深（最多 64 层）");
    }
  });

  it("ignores brackets, commas and digits inside strings, escaped quotes included", () => {
    expect(jsonLimitViolation(JSON.stringify({ text: "[".repeat(500) + '\\"' + ",".repeat(20_000) + "1e999" }))).toBeNull();
  });

  it("refuses an array of more than 10,000 elements", () => {
    expect(jsonLimitViolation(`[${Array(10_000).fill(0).join(",")}]`)).toBeNull();
    expect(jsonLimitViolation(`{"ids":[${Array(10_001).fill(0).join(",")}]}`)).toBe("请求体中的数组过长（每个数组最多 10000 项）");
  });

  it("refuses numbers that are not finite or whole numbers beyond 2^53, and keeps ordinary ones", () => {
    for (const number of ["1e309", "-1e309", "123456789012345678901234567890", "9007199254740993", "1e300"]) expect(jsonLimitViolation(`{"current":${number}}`), number).toBe("请求体中的数值超出范围");
    for (const number of ["0", "-1.5", "9007199254740991", "1.5e-400", "12345.678"]) expect(jsonLimitViolation(`[${number}]`), number).toBeNull();
  });

  it("scans a 2 MB body in linear time (seconds, not minutes)", () => {
    const started = Date.now();
    jsonLimitViolation(deepArray(1_000_000));
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("NUL guard walks without recursion", () => {
  it("finds a NUL 100,000 levels down and names the first offending field", () => {
    let value: unknown = "合肥\u0000";
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(nulPath({ a: value })).toBe(`a${".0".repeat(100_000)}`);
    expect(nulPath({ name: "ok", list: [{ x: "a" }, { y: "b\u0000" }], z: "\u0000" })).toBe("list.1.y");
    expect(nulPath("\u0000")).toBe("请求");
    expect(nulPath({ a: [1, null, { b: "c" }] })).toBeNull();
  });
});

describe("console readJson", () => {
  const post = (body: string) => new Request("http://console.test/oplog", { method: "POST", body, headers: { "Content-Type": "application/json" } });
  const refusal = async (promise: Promise<unknown>) => {
    const response = (await promise.then(
      () => null,
      (error: unknown) => error,
    )) as Response;
    return { status: response.status, text: await response.text() };
  };

  it("parses a small body and refuses a deep, an oversized or a broken one with a Chinese 400", async () => {
    await expect(readJson(post('{"module":"m","content":"c"}'), 4096)).resolves.toEqual({ module: "m", content: "c" });
    expect(await refusal(readJson(post(deepArray(20_000)), 1_000_000))).toEqual({ status: 400, text: "请求体嵌套层级过深（最多 64 层）" });
    expect(await refusal(readJson(post(`{"module":"${"x".repeat(5000)}"}`), 4096))).toEqual({ status: 400, text: "请求体过大（最多 4096 字节）" });
    expect(await refusal(readJson(post("{"), 4096))).toEqual({ status: 400, text: "请求体不是合法的 JSON" });
  });
});
