import type { LoaderFunctionArgs } from "@remix-run/node";
import { HEARTBEAT_INTERVAL_MS, RECONNECT_DELAY_MS } from "../../contract/realtime";
import { realtimeHub, type HubEvent } from "~/services/realtime.server";
import { getSession, sessionTokens } from "~/services/session.server";
import { eventStream, nextEventId, type SseSend } from "~/services/sse.server";
import { requestBranding } from "~/services/target.server";
import { requireUser, type CurrentUser } from "~/services/user.server";

function unauthorized(headers?: Headers): Response {
  const responseHeaders = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  // Iteration yields each Set-Cookie separately (get() would join them with commas).
  for (const [name, value] of headers ?? []) if (name.toLowerCase() === "set-cookie") responseHeaders.append("Set-Cookie", value);
  return new Response("未登录或登录已失效", { status: 401, headers: responseHeaders });
}

/** The session's user; a request that would be sent to login gets 401 instead (EventSource cannot follow it). */
async function sessionUser(request: Request): Promise<CurrentUser | Response> {
  if (!sessionTokens(await getSession(request))) return unauthorized();
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof Response) return unauthorized(error.headers);
    throw error;
  }
}

function forward(send: SseSend, close: () => void, event: HubEvent): void {
  switch (event.type) {
    case "unauthorized":
      send("error", { message: "登录已失效，请重新登录" });
      close();
      break;
    case "push":
      send("push", event.notification);
      break;
    case "count":
      send("count", { msgNum: event.msgNum });
      break;
    case "error":
      send("error", { message: event.message });
      break;
  }
}

/**
 * GET /events: the browser's realtime channel (spec 2.5). Relays the session's share of the
 * console's realtime hub (one platform websocket per login) as server-sent events.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await sessionUser(request);
  if (user instanceof Response) return user;
  const { clientId, platformId } = requestBranding(request);
  const credentials = { token: user.tokens.accessToken, clientId, platformId };
  return eventStream((send, close) => realtimeHub().subscribe(user.sessionKey, credentials, (event) => forward(send, close, event)), {
    signal: request.signal,
    retryMs: RECONNECT_DELAY_MS,
    heartbeatMs: HEARTBEAT_INTERVAL_MS,
    firstId: nextEventId(request.headers.get("Last-Event-ID")),
    headers: await user.cookieHeaders(),
  });
}
