import type { CaptchaChallenge, CsrfResponse, TokenResponse, UserInfo } from "../../contract/identity";
import { platformFetch, type PlatformTarget, type Session } from "./platform.server";

/** Client of the platform's identity service (spec 7.1). */
export const identityApi = {
  csrf: (target: PlatformTarget, clientId: string) =>
    platformFetch<CsrfResponse>(target, { tokens: null }, { path: "/api/v1/auth/csrf", body: { clientId } }),

  token: (target: PlatformTarget, body: Record<string, unknown>) =>
    platformFetch<TokenResponse>(target, { tokens: null }, { path: "/api/v1/auth/third-class-insurance/token", body }),

  captcha: (target: PlatformTarget, mobile: string) =>
    platformFetch<CaptchaChallenge>(target, { tokens: null }, { path: "/api/v1/auth/captcha", body: { mobile } }),

  /** `headers`: the browser's forwarded address (forwardedFor), for the platform's per-address limit. */
  smsCode: (target: PlatformTarget, clientId: string, mobile: string, headers?: Record<string, string>) =>
    platformFetch<{ expireIn: number }>(target, { tokens: null }, { path: "/api/v1/auth/sms-auth-code", body: { clientId, mobile }, headers }),

  /** 账号激活: an SMS code for a waiting account or an invitee (the answer is the same for any mobile). */
  activationSms: (target: PlatformTarget, clientId: string, body: { mobile: string; inviteCode?: string }, headers?: Record<string, string>) =>
    platformFetch<{ expireIn: number }>(target, { tokens: null }, { path: "/api/v1/auth/activation/sms", body: { clientId, ...body }, headers }),

  activate: (target: PlatformTarget, body: Record<string, unknown>, headers?: Record<string, string>) =>
    platformFetch<{ mobile: string; created: boolean }>(target, { tokens: null }, { path: "/api/v1/auth/activation", body, headers }),

  userInfo: (target: PlatformTarget, session: Session) =>
    platformFetch<UserInfo | null>(target, session, { path: "/api/v1/auth/user-info" }),

  revoke: (target: PlatformTarget, session: Session) =>
    platformFetch<null>(target, session, { path: "/api/v1/auth/token/revoke", silent: true }),
};
