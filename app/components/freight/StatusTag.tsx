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

/** A waybill status as a small coloured label; `bare`: without its `data-status` (a table row carries it). */
export function StatusTag({ status, bare = false }: { status: FreightStatus; bare?: boolean }) {
  return (
    <span className={`tag ${STATUS_CLASSES[status]}`} data-status={bare ? undefined : status}>
      {FREIGHT_STATUS_LABELS[status]}
    </span>
  );
}
