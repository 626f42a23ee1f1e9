import { APPEAL_STATUS_LABELS, type AppealStatus } from "../../../contract/appeal";

const STATUS_CLASSES: Record<AppealStatus, string> = {
  PENDING: "border-amber-300 bg-amber-50 text-amber-700",
  APPROVED: "border-green-300 bg-green-50 text-green-700",
  REJECTED: "border-red-300 bg-red-50 text-red-600",
};

/** An appeal's status as a small coloured label: 待审核 amber, 已通过 green, 已驳回 red. */
export function AppealStatusTag({ status }: { status: AppealStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-1.5 text-xs leading-5 ${STATUS_CLASSES[status]}`} data-appeal-status={status}>
      {APPEAL_STATUS_LABELS[status]}
    </span>
  );
}
