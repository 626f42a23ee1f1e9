/**
 * 账号激活 / 接受注册邀请: a driver or captain whose account an enterprise made, or
 * someone holding a 注册邀请, proves his mobile with an SMS code and sets his password. Shared by the
 * console's form and the platform's edge.
 */
import { z } from "zod";
import { MOBILE_PATTERN } from "./validation.js";

/** The platform's password policy (the same as 修改密码). */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const PASSWORD_RULE_TEXT = "密码为 8–20 位，须同时包含字母和数字";
/** PASSWORD_RULE point by point, in words a driver reads on his phone: each point and whether a password meets it. */
export const PASSWORD_POINTS = [
  { text: "8 到 20 位", test: (p: string) => p.length >= 8 && p.length <= 20 },
  { text: "要有字母（a–z 或 A–Z）", test: (p: string) => /[A-Za-z]/.test(p) },
  { text: "要有数字（0–9）", test: (p: string) => /\d/.test(p) },
  { text: "不能有空格或汉字", test: (p: string) => /^[\x21-\x7e]*$/.test(p) },
] as const;

/** 设置密码 (his first one, or one past its expiry): the current one when he has one, the new one twice. */
export const setPasswordSchema = z
  .object({
    oldPassword: z.string().max(64, "当前密码过长").optional(),
    password: z.string({ required_error: "请设置新密码" }).min(1, "请设置新密码").refine((p) => PASSWORD_RULE.test(p), (p) => ({ message: `新密码不符合要求：${PASSWORD_POINTS.filter((point) => !point.test(p)).map((point) => point.text).join("，")}` })),
    confirmPassword: z.string({ required_error: "请再次输入新密码" }).min(1, "请再次输入新密码"),
  })
  .refine((v) => v.confirmPassword === v.password, { message: "两次输入的密码不一致", path: ["confirmPassword"] });

const mobile = z.string({ required_error: "请输入手机号" }).trim().regex(MOBILE_PATTERN, "请输入正确的11位手机号");
const inviteCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z2-9]{8}$/, "邀请码为 8 位字母或数字")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const activationSmsSchema = z.object({ mobile, inviteCode });

export const activationSchema = z
  .object({
    mobile,
    inviteCode,
    smsCode: z.string({ required_error: "请输入短信验证码" }).trim().regex(/^\d{6}$/, "短信验证码为6位数字"),
    password: z.string({ required_error: "请设置登录密码" }).regex(PASSWORD_RULE, PASSWORD_RULE_TEXT),
    confirmPassword: z.string({ required_error: "请再次输入密码" }).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, { message: "两次输入的密码不一致", path: ["confirmPassword"] });
