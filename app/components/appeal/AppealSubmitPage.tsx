import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Section } from "~/components/freight/FreightDetailView";
import { Permission } from "~/components/ui/Permission";
import { AppealHistory, DispatchSection, WaybillBrief } from "./AppealSections";
import { AppealSubmitForm } from "./AppealSubmitForm";
import { APPEAL_LIST_PATH, APPEAL_ROLES } from "~/lib/appeal-links";
import type { AppealFormActionData, loadAppealSubmit } from "~/services/pages/appeal.server";

/** Without a waybill yet (or after a wrong number): asks for the 运单号, as a GET form. */
function LookupForm({ freightNo, error }: { freightNo: string; error: string | null }) {
  return (
    <Section id="appeal-lookup" title="选择运单">
      <Form method="get" className="flex max-w-xl flex-wrap items-start gap-2" aria-label="查找运单">
        <div className="min-w-0 flex-1">
          <label htmlFor="appeal-lookup-freightNo" className="sr-only">运单号</label>
          <input
            id="appeal-lookup-freightNo"
            name="freightNo"
            defaultValue={freightNo}
            required
            maxLength={32}
            placeholder="请输入要申诉的运单号"
            className={`input ${error ? "input-error" : ""}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "appeal-lookup-error" : undefined}
          />
          {error ? <p id="appeal-lookup-error" className="field-error" role="alert">{error}</p> : null}
        </div>
        <button type="submit" className="btn btn-primary">下一步</button>
      </Form>
      <p className="mt-3 text-sm text-muted">
        只有被平台标记为风险（异常）的运单可以申诉，例如卸货亏吨超过装货重量的 3‰。可在 <Link to="/dispatchManage/abnormalList" className="text-primary hover:underline">异常运单</Link> 中找到它们。
      </p>
    </Section>
  );
}

/** 提交申诉: the waybill in brief, who dispatched it, its earlier appeals, and the form (or why there is none). */
export function AppealSubmitPage() {
  const { freightNo, waybill, dispatch, earlier, blocked, notice, lookupError } = useLoaderData<typeof loadAppealSubmit>();
  const actionData = useActionData<AppealFormActionData>();
  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          提交申诉{waybill ? <span className="font-normal text-gray-600">{waybill.freightNo}</span> : null}
        </h2>
        <div className="flex gap-2">
          {waybill ? <Link to="/dispatchManage/appealSubmit" className="btn">换一个运单</Link> : null}
          <Permission roles={APPEAL_ROLES.list}>
            <Link to={APPEAL_LIST_PATH} className="btn">返回申诉列表</Link>
          </Permission>
        </div>
      </div>
      {notice ? <p className="alert-success" role="status">{notice}</p> : null}

      {!waybill || !dispatch ? (
        <LookupForm freightNo={freightNo} error={lookupError} />
      ) : (
        <>
          <Section id="appeal-form" title="申诉内容">
            {blocked ? (
              <p className="alert-error" role="alert" data-testid="appeal-blocked">{blocked}</p>
            ) : (
              <>
                <p className="mb-3 text-sm">
                  风险原因：<span className="text-danger">{waybill.abnormalReason ?? "异常"}</span>
                </p>
                <AppealSubmitForm freightNo={waybill.freightNo} lastResult={actionData?.result} />
              </>
            )}
          </Section>
          <WaybillBrief waybill={waybill} />
          <DispatchSection dispatch={dispatch} />
          <AppealHistory appeals={earlier} />
        </>
      )}
    </div>
  );
}
