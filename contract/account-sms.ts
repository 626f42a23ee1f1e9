/**
 * The platform's own SMS (not an organisation's 短信模板), one message kind each: verification codes
 * (login, WeChat binding, activation, mobile change, the H5 visitor's 联系船东), the initial password of
 * a new enterprise's 管理员, the initial or reset password of a user made on 用户管理, the message
 * telling a driver or captain that an enterprise put him on its roster, 注册邀请 (every invited role)
 * and 证照到期提醒. Operations file each kind's template with the SMS provider once and name it in
 * `TMS_SMS_TEMPLATE_<KIND>` (contract/settings.ts), with the template's parameter names.
 */
export const ACCOUNT_SMS = {
  VERIFICATION_CODE: { label: "短信验证码", content: "您的验证码为 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本短信。" },
  ENTERPRISE_ADMIN: { label: "企业管理员开户", content: "您已成为「${orgName}」的企业管理员，登录账号 ${mobile}，初始密码 ${password}，首次登录请修改密码。" },
  PASSWORD_ISSUED: { label: "用户初始密码/重置密码", content: "您的登录账号 ${mobile} ${action}，初始密码为 ${password}，登录后请立即修改。" },
  CARRIER_ACCOUNT: { label: "司机/船长开户", content: "「${orgName}」已将您登记为${role}。请在登录页用手机号 ${mobile} 和短信验证码登录，或在登录页的「账号激活」设置登录密码。" },
  INVITATION: { label: "注册邀请", content: "${inviter}邀请您注册成为${role}，邀请码 ${code}，${date} 前有效。" },
  CREDENTIAL_EXPIRY: { label: "证照到期提醒", content: "${subject}的${credential}${when}，到期后不能派单，请尽快上传新证照并提交审核。" },
} as const satisfies Record<string, { label: string; content: string }>;

export type AccountSmsCode = keyof typeof ACCOUNT_SMS;
export const ACCOUNT_SMS_CODES = Object.keys(ACCOUNT_SMS) as AccountSmsCode[];

/** The values a template needs (its placeholders). */
export type AccountSmsValues<C extends AccountSmsCode> = C extends "VERIFICATION_CODE"
  ? { code: string; minutes: string }
  : C extends "ENTERPRISE_ADMIN"
    ? { orgName: string; mobile: string; password: string }
    : C extends "PASSWORD_ISSUED"
      ? { mobile: string; action: string; password: string }
      : C extends "INVITATION"
        ? { inviter: string; role: string; code: string; date: string }
        : C extends "CREDENTIAL_EXPIRY"
          ? { subject: string; credential: string; when: string }
          : { orgName: string; role: string; mobile: string };

/** The values of a kind, in the order its content uses them (a template's parameters by default). */
export const accountSmsValueNames = (code: AccountSmsCode): string[] => [...new Set([...ACCOUNT_SMS[code].content.matchAll(/\$\{([A-Za-z]+)\}/g)].map((m) => m[1]!))];

/** The SMS providers: the two vendors production uses, and the development stand-in. */
export const SMS_PROVIDERS = { aliyun: { label: "阿里云短信服务" }, tencent: { label: "腾讯云短信" }, standin: { label: "开发替身" } } as const;
export type SmsProvider = keyof typeof SMS_PROVIDERS;
/** Each vendor's public API endpoint (TMS_SMS_URL's default). */
export const SMS_PROVIDER_ENDPOINTS = { aliyun: "https://dysmsapi.aliyuncs.com", tencent: "https://sms.tencentcloudapi.com" } as const;

/** One kind's provider template: its code (阿里云 TemplateCode / 腾讯云 TemplateId) and parameters in order. */
export interface ProviderTemplate {
  templateCode: string;
  /** Each template parameter: the provider's name for it and which of the kind's values fills it. */
  params: Array<{ name: string; value: string }>;
}

/**
 * Reads a `TMS_SMS_TEMPLATE_<KIND>` value: `SMS_154950909` (the kind's values, under their own names,
 * in content order) or `SMS_154950909:code,minutes` / `1234567:num=code,minutes` (the template's own
 * parameters in its order; `name=value` when the template names a value differently). A string is the
 * Chinese reason it is malformed.
 */
export function parseProviderTemplate(code: AccountSmsCode, raw: string): ProviderTemplate | string {
  const [templateCode = "", list] = raw.split(":", 2).map((s) => s.trim());
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(templateCode)) return "模板编号应为字母、数字或下划线 / the template code must be letters, digits or underscores";
  const known = accountSmsValueNames(code);
  if (list === undefined) return { templateCode, params: known.map((name) => ({ name, value: name })) };
  const params = list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const [name = "", value = name] = item.split("=", 2).map((s) => s.trim());
      return { name, value };
    });
  const bad = params.filter((p) => !/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(p.name) || !known.includes(p.value));
  if (bad.length) return `模板参数 ${bad.map((p) => p.name || "（空）").join("、")} 不正确，可用的值：${known.join("、")} / unknown template parameters; values are ${known.join(", ")}`;
  if (new Set(params.map((p) => p.name)).size !== params.length) return "模板参数名重复 / duplicate template parameter names";
  return { templateCode, params };
}

/** A kind's template when TMS_SMS_TEMPLATE_<KIND> is unset (development only: production requires it). */
export const defaultProviderTemplate = (code: AccountSmsCode): ProviderTemplate => ({ templateCode: `SMS_SYS_${code}`, params: accountSmsValueNames(code).map((name) => ({ name, value: name })) });

/**
 * What the page says when a new password could not be sent: what happened, why, and how to send it
 * again (`again`: where and which action; by default 用户管理's 重置密码).
 */
export const passwordNotSent = (done: string, error: string, again = "在列表中对该用户点「重置密码」") => `${done}，但密码短信发送失败（${error}），对方收不到密码。请稍后${again}重发`;
