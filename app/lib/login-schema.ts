import { z } from "zod";
import { MOBILE_PATTERN } from "../../contract/validation";

const mobile = z.string({ required_error: "请输入手机号" }).trim().regex(MOBILE_PATTERN, "请输入正确的11位手机号");

/**
 * The login form, for both modes; the same rules run in the browser (inline) and on the server.
 * One object with a refinement rather than a discriminated union: Conform cannot walk the latter.
 */
export const loginSchema = z
  .object({
    grantType: z.enum(["password", "sms"]),
    mobile,
    password: z.string().max(64, "密码过长").optional(),
    smsCode: z.string().trim().optional(),
    captchaValue: z.string().trim().max(8).optional(),
    redirect: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.grantType === "password" && !form.password) ctx.addIssue({ code: "custom", path: ["password"], message: "请输入密码" });
    if (form.grantType === "sms" && !/^\d{6}$/.test(form.smsCode ?? "")) {
      ctx.addIssue({ code: "custom", path: ["smsCode"], message: form.smsCode ? "短信验证码为6位数字" : "请输入短信验证码" });
    }
  });

export const smsRequestSchema = z.object({ mobile });
