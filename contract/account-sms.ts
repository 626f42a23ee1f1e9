/**
 * The platform's own SMS about accounts (not an organisation's 短信模板): verification codes (login,
 * WeChat binding, activation, mobile change, the H5 visitor's 联系船东), the initial password of a
 * new enterprise's 管理员, the initial or reset password of a user made on 用户管理, and the message
 * telling a driver or captain that an enterprise put him on its roster and how to log in. Operations
 * file each template with the SMS provider once; its provider id is `TMS_SMS_TEMPLATE_<CODE>`.
 */
export const ACCOUNT_SMS = {
  VERIFICATION_CODE: { label: "短信验证码", content: "您的验证码为 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本短信。" },
  ENTERPRISE_ADMIN: { label: "企业管理员开户", content: "您已成为「${orgName}」的企业管理员，登录账号 ${mobile}，初始密码 ${password}，首次登录请修改密码。" },
  PASSWORD_ISSUED: { label: "用户初始密码", content: "您的登录账号 ${mobile} ${action}，初始密码为 ${password}，登录后请立即修改。" },
  CARRIER_ACCOUNT: { label: "司机/船长开户", content: "「${orgName}」已将您登记为${role}。请在登录页用手机号 ${mobile} 和短信验证码登录，或在登录页的「账号激活」设置登录密码。" },
} as const satisfies Record<string, { label: string; content: string }>;

export type AccountSmsCode = keyof typeof ACCOUNT_SMS;

/** The values a template needs (its placeholders). */
export type AccountSmsValues<C extends AccountSmsCode> = C extends "VERIFICATION_CODE"
  ? { code: string; minutes: string }
  : C extends "ENTERPRISE_ADMIN"
  ? { orgName: string; mobile: string; password: string }
  : C extends "PASSWORD_ISSUED"
    ? { mobile: string; action: string; password: string }
    : { orgName: string; role: string; mobile: string };
