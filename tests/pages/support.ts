/** Shared set-up of the HTTP page tests: the run's console (tests/helpers/pages-setup.ts) and one login per account per file. */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../platform/db/seed.js";
import { NoScriptBrowser } from "../helpers/no-script-browser.js";

export type Kind = keyof typeof DEMO_ACCOUNTS;

export function consoleUrl(): string {
  const url = process.env.TMS_TEST_CONSOLE_URL;
  if (!url) throw new Error("TMS_TEST_CONSOLE_URL is not set: run the page tests with `vitest run --project pages`");
  return url;
}

const logins = new Map<Kind, Promise<NoScriptBrowser>>();

/** A browser with JavaScript off, logged in as the demo account once for this file. */
export function browserAs(kind: Kind): Promise<NoScriptBrowser> {
  let browser = logins.get(kind);
  if (!browser) {
    const fresh = new NoScriptBrowser(consoleUrl());
    browser = fresh.login(DEMO_ACCOUNTS[kind], DEMO_PASSWORD).then(() => fresh);
    logins.set(kind, browser);
  }
  return browser;
}
