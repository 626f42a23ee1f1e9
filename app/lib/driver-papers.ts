/**
 * 我的证照 on his phone: what state each of his papers is in, in words he understands (未上传, 待审核,
 * 已通过, 已驳回 with the reason, 快到期, 已到期), and the key that names one paper in the page's address
 * and form. Pure and isomorphic; the papers themselves are the platform's (/tms-credential/mine).
 */
import { addDays } from "../../contract/units";
import { EXPIRY_NOTICE_DAYS, type OwnPaper } from "../../contract/resources/credential";
import { DRIVER_HOME } from "../navigation/routes";

export const DRIVER_PAPERS = `${DRIVER_HOME}/papers`;

export type PaperTone = "success" | "warning" | "error" | "info";

export interface PaperState {
  label: string;
  tone: PaperTone;
  /** What he should do, in a sentence; null when nothing. */
  advice: string | null;
}

/** The state of one of his papers on `today` (YYYY-MM-DD, China time). */
export function paperState(paper: Pick<OwnPaper, "record">, today: string): PaperState {
  const record = paper.record;
  if (!record) return { label: "未上传", tone: "error", advice: "还没有上传，请拍照上传" };
  if (record.status === "REJECTED") return { label: "已驳回", tone: "error", advice: "请按驳回原因重新拍照上传" };
  if (record.status === "PENDING") return { label: "待审核", tone: "info", advice: "已提交，等待平台审核" };
  if (!record.longTerm && record.validTo && record.validTo < today) return { label: "已到期", tone: "error", advice: "证件已过期，请换新证后重新上传" };
  if (!record.longTerm && record.validTo && record.validTo <= addDays(today, EXPIRY_NOTICE_DAYS)) return { label: "快到期", tone: "warning", advice: "证件快到期了，换新证后请重新上传" };
  return { label: "已通过", tone: "success", advice: null };
}

/** One paper's key: `DRIVER:12:ID_CARD`. */
export const paperKey = (paper: Pick<OwnPaper, "subjectType" | "subjectId" | "credType">) => `${paper.subjectType}:${paper.subjectId}:${paper.credType}`;

/** The page with the upload form of one paper open. */
export const paperUploadHref = (paper: Pick<OwnPaper, "subjectType" | "subjectId" | "credType">) => `${DRIVER_PAPERS}?${new URLSearchParams({ upload: paperKey(paper) })}`;
