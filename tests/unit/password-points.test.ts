/** 设置密码's rules point by point (PASSWORD_POINTS) say the same as the platform's PASSWORD_RULE. */
import { describe, expect, it } from "vitest";
import { PASSWORD_POINTS, PASSWORD_RULE, setPasswordSchema } from "../../contract/activation";

const SAMPLES = ["", "abc", "12345678", "abcdefgh", "abc12345", "Demo@2026", "zhang 2026", "张师傅2026ab", "a1", `a1${"x".repeat(18)}`, `a1${"x".repeat(19)}`, "A1!~abcd"];

describe("password points", () => {
  it("a password meets every point exactly when it meets the rule", () => {
    for (const sample of SAMPLES) expect(PASSWORD_POINTS.every((point) => point.test(sample)), sample).toBe(PASSWORD_RULE.test(sample));
  });

  it("the refusal names the points a password misses", () => {
    const result = setPasswordSchema.safeParse({ password: "123456", confirmPassword: "123456" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("新密码不符合要求：8 到 20 位，要有字母（a–z 或 A–Z）");
  });
});
