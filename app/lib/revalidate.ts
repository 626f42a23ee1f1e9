import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Every page's loaders run again after an action, a refused one (4xx) included, as they did before single
 * fetch, which skips them after a refusal: a refusal often says the data changed under the page (a device
 * bound to another vehicle meanwhile, a record edited by someone else), and the page must then show what
 * is true now. Every route module with a page and a loader re-exports this (tests/unit/revalidate.test.ts).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? true : defaultShouldRevalidate;
