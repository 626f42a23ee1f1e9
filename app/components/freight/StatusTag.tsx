import { FREIGHT_STATUS_LABELS, type FreightStatus } from "../../../contract/freight";

/** Tag colours by waybill status (`.tag-*` in tailwind.css): waiting amber, moving blue, done green, cancelled grey. */
const STATUS_CLASSES: Record<FreightStatus, string> = {
  WAIT_LOADING: "tag-amber",
  IN_TRANSIT: "tag-blue",
  UNLOADED: "tag-cyan",
  SIGNED: "tag-indigo",
  CONFIRMED: "tag-violet",
  COMPLETED: "tag-green",
  CANCELLED: "tag-gray",
};

/** A waybill status as a small coloured label. */
export function StatusTag({ status }: { status: FreightStatus }) {
  return (
    <span className={`tag ${STATUS_CLASSES[status]}`} data-status={status}>
      {FREIGHT_STATUS_LABELS[status]}
    </span>
  );
}
