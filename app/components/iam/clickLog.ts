/**
 * Spec 7.5 click logging: a click on (or inside) an element marked `data-log-module` and
 * `data-log-content` sends module, content and system 'pc端' to /oplog by beacon, which relays it to
 * the logged-in or the logged-out operation-log call. The beacon never delays or blocks the click.
 */
export function installClickLog(doc: Document = document): () => void {
  const listener = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest("[data-log-module][data-log-content]") : null;
    if (!target) return;
    const body = JSON.stringify({ module: target.getAttribute("data-log-module"), content: target.getAttribute("data-log-content"), system: "pc端" });
    const blob = new Blob([body], { type: "application/json" });
    try {
      if (!navigator.sendBeacon?.("/oplog", blob)) void fetch("/oplog", { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true }).catch(() => undefined);
    } catch {
      // logging must never break the click
    }
  };
  doc.addEventListener("click", listener, { capture: true });
  return () => doc.removeEventListener("click", listener, { capture: true });
}
