import { SCRIPTED_COOKIE } from "~/lib/scripted";

/**
 * GET /scripted-off.css: fetched only by a browser that runs no JavaScript yet holds the scripted mark
 * (it ran the console's scripts earlier in the session): the shell of a document made for a scripted
 * browser links it inside `<noscript>` (`~/lib/scripted`). It forgets the mark, so the browser's next
 * page carries all of its markup again. An empty stylesheet.
 */
export const loader = () =>
  new Response("", {
    headers: { "Content-Type": "text/css", "Cache-Control": "no-store", "Set-Cookie": `${SCRIPTED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` },
  });
