import { constants, publicEncrypt } from "node:crypto";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { loginSchema } from "~/lib/login-schema";
import { identityApi } from "./identity.server";
import { PlatformError, type Tokens } from "./platform.server";
import { platformTarget, requestBranding } from "./target.server";
import { readForm } from "~/services/read-form.server";

export interface LoginResult {
  tokens: Tokens;
  pwExpiration: string | null;
}

/** A login refused by the platform or by validation; carries the captcha to show when one is required. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly captchaSvg: string | null = null,
  ) {
    super(message);
  }
}



function encrypt(publicKey: string, secret: string): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(secret)).toString("base64");
}

/** Our remix-auth strategy: csrf → encrypt the password with the platform's key → token. */
class PlatformLoginStrategy extends Strategy<LoginResult, LoginResult> {
  name = "platform-login";

  async authenticate(request: Request): Promise<LoginResult> {
    const formData = await readForm(request);
    const parsed = loginSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? "请检查登录信息");
    const form = parsed.data;
    const target = platformTarget(request);
    const { clientId } = requestBranding(request);
    try {
      const { csrfToken, publicKey } = await identityApi.csrf(target, clientId);
      const common = { authKey: form.mobile, clientId, csrfToken, captchaValue: form.captchaValue || undefined };
      const body =
        form.grantType === "password"
          ? { ...common, grantType: "password", authSecret: encrypt(publicKey, form.password ?? "") }
          : { ...common, grantType: "sms", smsCode: form.smsCode };
      const token = await identityApi.token(target, body);
      return this.verify({
        tokens: { accessToken: token.accessToken, refreshToken: token.refreshToken, expiresAt: Date.now() + token.expireIn * 1000 },
        pwExpiration: token.pwExpiration,
      });
    } catch (error) {
      if (error instanceof PlatformError) {
        const captcha = (error.data as { captchaSvg?: string } | null)?.captchaSvg ?? null;
        throw new LoginError(error.message, captcha);
      }
      throw error;
    }
  }
}

export const authenticator = new Authenticator<LoginResult>();
authenticator.use(new PlatformLoginStrategy(async (result) => result));
