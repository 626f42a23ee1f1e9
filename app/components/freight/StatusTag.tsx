import { FREIGHT_STATUS_LABELS, type FreightStatus } from "../../../contract/freight";

/** Tag colours by waybill status: waiting amber, moving blue, done green, cancelled grey. */
const STATUS_CLASSES: Record<FreightStatus, string> = {
  WAIT_LOADING: "border-amber-300 bg-amber-50 text-amber-700",
  IN_TRANSIT: "border-blue-300 bg-blue-50 text-blue-700",
  UNLOADED: "border-cyan-300 bg-cyan-50 text-cyan-700",
  SIGNED: "border-indigo-300 bg-indigo-50 text-indigo-700",
  CONFIRMED: "border-violet-300 bg-violet-50 text-violet-700",
  COMPLETED: "border-green-300 bg-green-50 text-green-700",
  CANCELLED: "border-gray-300 bg-gray-50 text-gray-500",
};

/** A waybill status as a small coloured label. */
export function StatusTag({ status }: { status: FreightStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-1.5 text-xs leading-5 ${STATUS_CLASSES[status]}`} data-status={status}>
      {FREIGHT_STATUS_LABELS[status]}
    </span>
  );
}
