import { z } from "zod";
import { MOBILE_PATTERN } from "./validation.js";
import type { UserType } from "./platforms.js";

export const clientIdSchema = z.string({ required_error: "缺少客户端标识 clientId" }).min(1, "缺少客户端标识 clientId").max(64);

export const csrfRequestSchema = z.object({ clientId: clientIdSchema });
export interface CsrfResponse {
  csrfToken: string;
  /** SPKI PEM of the platform's RSA key; authSecret is RSA-OAEP(SHA-256) ciphertext, base64. */
  publicKey: string;
}

const mobile = z
  .string({ required_error: "请输入手机号", invalid_type_error: "手机号格式不正确" })
  .regex(MOBILE_PATTERN, "请输入正确的11位手机号");

export const tokenRequestSchema = z.discriminatedUnion(
  "grantType",
  [
    z.object({
      grantType: z.literal("password"),
      authKey: mobile,
      authSecret: z.string({ required_error: "请输入密码" }).min(1, "请输入密码").max(4096),
      captchaValue: z.string().max(16).optional().nullable(),
      clientId: clientIdSchema,
      csrfToken: z.string({ required_error: "缺少 csrfToken，请刷新页面" }).min(1, "缺少 csrfToken，请刷新页面"),
    }),
    z.object({
      grantType: z.literal("sms"),
      authKey: mobile,
      smsCode: z.string({ required_error: "请输入短信验证码" }).regex(/^\d{6}$/, "短信验证码为6位数字"),
      captchaValue: z.string().max(16).optional().nullable(),
      clientId: clientIdSchema,
      csrfToken: z.string({ required_error: "缺少 csrfToken，请刷新页面" }).min(1, "缺少 csrfToken，请刷新页面"),
    }),
  ],
  { errorMap: () => ({ message: "grantType 只能是 password 或 sms" }) },
);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  /** ISO date after which the password must be changed. */
  pwExpiration: string | null;
  /** Access token lifetime in seconds. */
  expireIn: number;
}

/** Refusal payload when a captcha is needed: the SVG to show. */
export interface CaptchaChallenge {
  captchaRequired: true;
  captchaSvg: string;
}

export const smsCodeRequestSchema = z.object({ clientId: clientIdSchema, mobile });

export interface UserInfo {
  id: string;
  name: string;
  mobile: string;
  headshotUrl: string | null;
  companyName: string | null;
  type: UserType;
  /** The user kind code used for menu filtering (same value as type). */
  accessLevel: UserType;
  /** Role names held, for display. */
  roles: string[];
  /** Permission codes held. */
  permissions: string[];
  sourceId: string | null;
}
