import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DEFAULT_AVATAR } from "~/lib/branding";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResultNotice } from "~/components/ui/ResultNotice";
import { formatDateTime } from "~/lib/format";
import { titled } from "~/lib/meta";
import { personalAction, personalLoader } from "~/services/pages/iam.server";

export const meta = titled("个人信息");
export const loader = ({ request }: LoaderFunctionArgs) => personalLoader(request);
export const action = ({ request }: ActionFunctionArgs) => personalAction(request);


function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0 rounded border p-4" aria-label={title}>
      <h3 className="mb-3 font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** 个人信息 (domain 6.21): own name, avatar, mobile and password; the page an expired password is sent to. */
export default function UserInfoPage() {
  const { info, expired } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const codeSentTo = (result?.data as { mobile?: string } | undefined)?.mobile;
  return (
    <div className="card" aria-labelledby="me-title">
      <h2 id="me-title" className="page-title">个人信息</h2>
      {expired ? <p role="alert" className="alert-error mb-3">您的密码已过期，请先修改密码后再使用其他功能。</p> : null}
      <ResultNotice result={result} />
      <div className="mb-4 flex items-center gap-4">
        <img src={info.headshotUrl ?? DEFAULT_AVATAR} alt="头像" className="h-16 w-16 rounded-full border object-cover" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">姓名</dt><dd>{info.name}</dd>
          <dt className="text-muted">手机号</dt><dd>{info.mobile}</dd>
          <dt className="text-muted">用户类型</dt><dd>{info.typeLabel}</dd>
          <dt className="text-muted">所属企业/租户</dt><dd>{info.scopeName ?? "—"}</dd>
          <dt className="text-muted">角色</dt><dd>{info.roles.join("、") || "—"}</dd>
          <dt className="text-muted">密码到期日</dt><dd>{info.pwExpiration ? formatDateTime(info.pwExpiration) : "永不过期"}</dd>
          <dt className="text-muted">绑定微信</dt><dd>{info.wechat ? `已绑定（${info.wechat.openid}）` : "未绑定"}</dd>
        </dl>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Block title="修改密码">
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="password" />
            {info.hasPassword ? <label className="flex flex-col text-sm">当前密码<input type="password" name="oldPassword" required autoComplete="current-password" className="input" /></label> : null}
            <label className="flex flex-col text-sm">新密码<input type="password" name="newPassword" required minLength={8} maxLength={20} autoComplete="new-password" className="input" /></label>
            <label className="flex flex-col text-sm">确认新密码<input type="password" name="confirmPassword" required minLength={8} maxLength={20} autoComplete="new-password" className="input" /></label>
            <p className="text-xs text-muted">8–20 位，须同时包含字母和数字；修改后其他设备上的登录将退出。</p>
            <div><button type="submit" className="btn btn-primary">修改密码</button></div>
          </Form>
        </Block>
        {expired ? null : (
          <>
            <Block title="修改姓名">
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="name" />
                <label className="flex flex-col text-sm">姓名<input name="name" required maxLength={64} defaultValue={info.name} className="input" /></label>
                <button type="submit" className="btn">保存</button>
              </Form>
            </Block>
            <Block title="修改头像">
              <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="avatar" />
                <label className="flex min-w-0 max-w-full flex-col text-sm">图片（jpg/png/webp，≤ 2 MB）<input type="file" name="avatar" required accept=".jpg,.jpeg,.png,.webp" className="max-w-full" /></label>
                <button type="submit" className="btn">上传</button>
              </Form>
            </Block>
            <Block title="更换手机号">
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <label className="flex flex-col text-sm">新手机号<input name="mobile" required inputMode="tel" pattern="1\d{10}" maxLength={11} defaultValue={codeSentTo ?? ""} className="input w-40" /></label>
                <button type="submit" name="intent" value="mobileSms" className="btn" formNoValidate>获取验证码</button>
                <label className="flex flex-col text-sm">短信验证码<input name="smsCode" inputMode="numeric" maxLength={6} className="input w-28" /></label>
                <button type="submit" name="intent" value="mobile" className="btn btn-primary">更换</button>
              </Form>
            </Block>
            {info.wechat ? (
              <Block title="微信">
                <Form method="post"><input type="hidden" name="intent" value="unbindWechat" /><button type="submit" className="btn btn-danger">解绑微信</button></Form>
              </Block>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
