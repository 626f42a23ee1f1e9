import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PASSWORD_POINTS } from "../../../contract/activation";
import type { DriverPasswordAction, DriverPasswordLoader } from "~/services/pages/driver-password.server";

function PasswordField({ name, label, hint, error, autoComplete }: { name: string; label: string; hint?: string; error?: string; autoComplete: string }) {
  const id = `password-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-base font-semibold">{label}</label>
      {hint ? <p id={`${id}-hint`} className="text-sm text-gray-600">{hint}</p> : null}
      <input id={id} name={name} type="password" autoComplete={autoComplete} maxLength={20} aria-describedby={described} aria-invalid={error ? true : undefined} className="driver-input mt-1" />
      {error ? <p id={`${id}-error`} className="mt-1 text-base text-red-700" role="alert">{error}</p> : null}
    </div>
  );
}

/** 设置密码: big inputs, the rules listed in words, the current password only when he has one. */
export function DriverPasswordPage() {
  const data = useLoaderData<DriverPasswordLoader>();
  const reply = useActionData<DriverPasswordAction>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = reply?.errors ?? {};
  const why = !data.hasPassword
    ? "您是第一次登录，请先设置登录密码。以后用手机号和这个密码登录。"
    : data.required
      ? "您的密码是初始密码或已经到期，请先换一个新密码再使用。"
      : "换一个新密码。换好后，其他手机或电脑上的登录会退出。";
  return (
    <>
      <h1 className="text-xl font-semibold">设置密码</h1>
      <p className="rounded bg-amber-50 px-3 py-2 text-base text-amber-900" data-testid="password-why">{why}</p>
      {reply?.refusal ? <p className="alert-error text-base" role="alert" data-testid="password-refusal">{reply.refusal}</p> : null}
      {errors.form ? <p className="alert-error text-base" role="alert">{errors.form}</p> : null}
      <Form method="post" className="space-y-4 rounded-lg bg-white p-4 shadow-sm" aria-label="设置密码" data-testid="password-form">
        <p className="text-base">账号：{data.name}（{data.mobile}）</p>
        {data.hasPassword ? <PasswordField name="oldPassword" label="当前密码" hint="短信里收到的初始密码，或您现在的密码" error={errors.oldPassword} autoComplete="current-password" /> : null}
        <PasswordField name="password" label="新密码" error={errors.password} autoComplete="new-password" />
        <div className="rounded bg-gray-50 px-3 py-2 text-base" data-testid="password-rules">
          <p className="font-semibold">密码要求：</p>
          <ul className="list-disc pl-5">
            {PASSWORD_POINTS.map((point) => <li key={point.text}>{point.text}</li>)}
          </ul>
          <p className="text-sm text-gray-600">例如：zhang2026（字母加数字）</p>
        </div>
        <PasswordField name="confirmPassword" label="再输一次新密码" error={errors.confirmPassword} autoComplete="new-password" />
        <button type="submit" className="driver-button btn-primary" disabled={busy}>{busy ? "正在保存…" : "保存密码"}</button>
      </Form>
    </>
  );
}
