import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SUBJECT_TYPES, type OwnPaper } from "../../../contract/resources/credential";
import { paperKey, paperState, paperUploadHref, DRIVER_PAPERS, type PaperTone } from "~/lib/driver-papers";
import type { DriverPapersAction, DriverPapersLoader } from "~/services/pages/driver-papers.server";
import { PhotoInput } from "./PhotoInput";

const TONES: Record<PaperTone, string> = {
  success: "bg-green-100 text-green-800",
  warning: "bg-amber-100 text-amber-900",
  error: "bg-red-100 text-red-800",
  info: "bg-blue-100 text-blue-800",
};

type Reply = ReturnType<typeof useActionData<DriverPapersAction>>;

/** The subject a group of papers is about: himself, or his vehicle by its plate. */
const groupTitle = (paper: OwnPaper) => (paper.subjectType === "VEHICLE" ? `我的车辆 ${paper.subjectLabel}` : `我的证件（${SUBJECT_TYPES[paper.subjectType].label} ${paper.subjectLabel}）`);

/** 我的证照: each of his papers with its state and 到期日; 上传 opens the form for one (camera photo, 有效期至). */
export function DriverPapersPage() {
  const data = useLoaderData<DriverPapersLoader>();
  const reply = useActionData<DriverPapersAction>();
  const open = reply?.values.key ?? data.uploading;
  const groups = new Map<string, OwnPaper[]>();
  for (const paper of data.papers) {
    const key = `${paper.subjectType}:${paper.subjectId}`;
    groups.set(key, [...(groups.get(key) ?? []), paper]);
  }
  return (
    <>
      <h1 className="text-xl font-semibold">我的证照</h1>
      <p className="text-base text-gray-700">证照齐全、审核通过且没有过期，企业才能给您派单。上传或换证后由平台审核。</p>
      {data.done ? <p className="alert-success text-base" role="status" data-testid="papers-done">{data.done}</p> : null}
      {reply?.refusal ? <p className="alert-error text-base" role="alert" data-testid="papers-refusal">{reply.refusal}</p> : null}
      {data.papers.length === 0 ? <p className="rounded-lg bg-white p-4 text-base shadow-sm">还没有您的司机档案。企业添加您为司机后，这里会列出要上传的证照。</p> : null}
      {[...groups.entries()].map(([key, papers]) => (
        <section key={key} className="rounded-lg bg-white shadow-sm" aria-label={groupTitle(papers[0]!)} data-testid="papers-group">
          <h2 className="border-b border-gray-100 px-4 py-3 text-lg font-semibold">{groupTitle(papers[0]!)}</h2>
          <ul className="divide-y divide-gray-100">
            {papers.map((paper) => (
              <PaperItem key={paperKey(paper)} paper={paper} today={data.today} open={open === paperKey(paper)} reply={reply} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function PaperItem({ paper, today, open, reply }: { paper: OwnPaper; today: string; open: boolean; reply: Reply }) {
  const state = paperState(paper, today);
  const record = paper.record;
  return (
    <li className="p-4 text-base" data-testid="paper" data-paper={paperKey(paper)}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{paper.credLabel}</span>
        <span className={`shrink-0 rounded px-2 py-0.5 text-sm font-semibold ${TONES[state.tone]}`} data-testid="paper-state">{state.label}</span>
      </div>
      {record ? (
        <p className="text-gray-700" data-testid="paper-valid">{record.longTerm ? "长期有效" : record.validTo ? `有效期至 ${record.validTo}` : "未填有效期"}</p>
      ) : null}
      {record?.status === "REJECTED" && record.rejectReason ? (
        <p className="mt-1 rounded bg-red-50 px-3 py-2 text-red-800" data-testid="paper-reject">驳回原因：{record.rejectReason}</p>
      ) : null}
      {state.advice ? <p className="text-sm text-gray-600">{state.advice}</p> : null}
      {open ? (
        <UploadForm paper={paper} reply={reply} />
      ) : (
        <Link to={paperUploadHref(paper)} className="driver-button btn mt-2" data-testid="paper-upload">{record ? "重新上传" : "拍照上传"}</Link>
      )}
    </li>
  );
}

function UploadForm({ paper, reply }: { paper: OwnPaper; reply: Reply }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = reply?.values.key === paperKey(paper) ? reply.values : null;
  const errors = values ? reply!.errors : {};
  return (
    <Form method="post" action={DRIVER_PAPERS} encType="multipart/form-data" className="mt-3 space-y-4 rounded-lg border border-gray-200 p-3" aria-label={`上传${paper.credLabel}`} data-testid="paper-form">
      <input type="hidden" name="paper" value={paperKey(paper)} />
      <PhotoInput id="paper-photo" name="images" label={`拍${paper.credLabel}`} held={values?.photo || null} error={(errors as Record<string, string>).images ?? null} what={paper.credLabel} tip="四个角都要拍进去，字要看得清" />
      <div>
        <label htmlFor="paper-valid-to" className="block text-base font-semibold">有效期至</label>
        <p id="paper-valid-to-hint" className="text-sm text-gray-600">证件上写的截止日期；长期有效的不用填，勾选下面</p>
        <input id="paper-valid-to" name="validTo" type="date" defaultValue={values?.validTo ?? paper.record?.validTo ?? ""} aria-describedby="paper-valid-to-hint" className="driver-input mt-1" />
      </div>
      <label className="driver-tap flex items-center gap-3 text-base">
        <input type="checkbox" name="longTerm" value="true" defaultChecked={values?.longTerm ?? paper.record?.longTerm ?? false} className="h-11 w-6" />
        长期有效
      </label>
      <button type="submit" className="driver-button btn-primary" disabled={busy}>{busy ? "正在上传…" : "提交审核"}</button>
      <Link to={DRIVER_PAPERS} className="driver-button btn">取消</Link>
    </Form>
  );
}
