/**
 * Markup a browser that runs JavaScript does not need in the document (page weight): the
 * sidebar's entries and icons, the settings form, the user menu's entries and the tables' row actions
 * (`RowActionMenu`). The console marks a browser that ran its scripts
 * with a session cookie; a document for such a browser leaves that markup out and the browser renders
 * it right after hydration (before the page counts as hydrated). A browser without the cookie (the
 * first page, JavaScript off) gets all of it in the document. A browser that holds the cookie but runs no
 * JavaScript (turned off during the session) loads `FORGET_SCRIPTED` from a `<noscript>` link and gets
 * all of it again from its next page on.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useState } from "react";

export const SCRIPTED_COOKIE = "tms_js";
/** The resource route that clears the cookie (`routes/scripted-off[.]css.tsx`). */
export const FORGET_SCRIPTED = "/scripted-off.css";

/** Whether the request comes from a browser that ran the console's scripts before. */
export function isScripted(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim() === `${SCRIPTED_COOKIE}=1`);
}

/** Called once the browser has hydrated a page. */
export function markScripted(): void {
  document.cookie = `${SCRIPTED_COOKIE}=1; path=/; SameSite=Lax`;
}

const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * True once the markup a document for a scripted browser left out may render: at once when the
 * document holds it (`deferred` false), else in the layout effect after hydration, in the same task,
 * so nothing sees the page hydrated without it.
 */
export function useDeferredMarkup(deferred: boolean): boolean {
  const [shown, setShown] = useState(!deferred);
  useBeforePaint(() => setShown(true), []);
  return shown;
}

/** False while a page's deferred markup may not render yet (the shell provides it; true outside it). */
export const MarkupComplete = createContext(true);

/** Whether the markup a scripted browser's document leaves out may render now (see `MarkupComplete`). */
export const useMarkupComplete = () => useContext(MarkupComplete);
