import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * Client-side navigation for plain `<a href>` elements inside the element the handler is attached to.
 *
 * Remix's <Link> runs several router hooks per link on every server render; the sidebar, the tables
 * and the pager hold a hundred or more links per page, which made them a large share of a page's
 * render time. They render plain anchors instead (which work without JavaScript anyway) and the shell
 * turns their clicks into router navigations here. Links that must load as documents (downloads,
 * resource routes) carry `download`, `target` or `data-document`. `data-prevent-scroll-reset` keeps
 * the scroll position, as <Link preventScrollReset> does.
 */
export function useDelegatedNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if (anchor.target || anchor.hasAttribute("download") || anchor.hasAttribute("data-document")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      // A link within the page (the skip link to #main-content) is the browser's: it scrolls and moves the focus.
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset") });
    },
    [navigate],
  );
}
