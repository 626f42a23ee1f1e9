/**
 * A browser with JavaScript off, over plain HTTP: it keeps the session cookies, follows redirects, parses
 * the server-rendered HTML and submits forms the way a browser does (every successful control, the
 * submitter's name and value, the form's method and action). Server-rendered pages are tested with it
 * at a fraction of a real browser's cost; what needs JavaScript stays in tests/e2e.
 */
import { parse, type HTMLElement } from "node-html-parser";

export interface LoadedPage {
  status: number;
  /** The path (and query) the page was finally served from, after redirects. */
  url: string;
  html: string;
  doc: HTMLElement;
}

export class NoScriptBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The Cookie header this browser sends. */
  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request and its redirects; a 303/302 after a POST continues as a GET, as browsers do. */
  async request(path: string, init: { method?: string; body?: string | FormData; contentType?: string } = {}): Promise<LoadedPage> {
    let url = new URL(path, this.baseUrl);
    let method = init.method ?? "GET";
    let body = init.body;
    for (let hop = 0; hop < 10; hop++) {
      const headers: Record<string, string> = { Cookie: this.cookieHeader(), Accept: "text/html" };
      if (method !== "GET") {
        headers.Origin = this.baseUrl;
        if (init.contentType) headers["Content-Type"] = init.contentType;
      }
      const response = await fetch(url, { method, headers, body: method === "GET" ? undefined : body, redirect: "manual" });
      this.keepCookies(response);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        url = new URL(location, url);
        if (response.status !== 307 && response.status !== 308) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      const html = await response.text();
      return { status: response.status, url: url.pathname + url.search, html, doc: parse(html) };
    }
    throw new Error(`too many redirects from ${path}`);
  }

  get(path: string) {
    return this.request(path);
  }

  /** One GET with the session's cookies (and `extraCookies`), redirects not followed: the status a page answers with. */
  raw(path: string, extraCookies = ""): Promise<Response> {
    return fetch(new URL(path, this.baseUrl), { headers: { Cookie: [this.cookieHeader(), extraCookies].filter(Boolean).join("; ") }, redirect: "manual" });
  }

  /**
   * Submits a form as a browser would: its controls' current values, with `values` typed over them
   * (a select takes the given option), and the submitter button's name and value. A multipart form
   * (`enctype="multipart/form-data"`) goes as multipart, with `files` chosen in its file inputs.
   */
  async submit(page: LoadedPage, form: HTMLElement, values: Record<string, string> = {}, submitter?: HTMLElement, files: Record<string, ChosenFile[]> = {}): Promise<LoadedPage> {
    const fields = formValues(form);
    const pending = new Map(Object.entries(values));
    const data = new URLSearchParams();
    for (const [name, value] of fields) {
      if (pending.has(name)) {
        data.append(name, pending.get(name)!);
        pending.delete(name);
      } else data.append(name, value);
    }
    for (const [name, value] of pending) data.append(name, value);
    const button = submitter ?? form.querySelectorAll("button").find((b) => (b.getAttribute("type") ?? "submit") === "submit");
    const buttonName = button?.getAttribute("name");
    if (button && buttonName) data.append(buttonName, button.getAttribute("value") ?? "");
    const method = (button?.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get").toUpperCase();
    const action = button?.getAttribute("formaction") ?? form.getAttribute("action") ?? page.url;
    if (method === "GET") {
      const target = new URL(action, this.baseUrl + page.url);
      target.search = data.toString();
      return this.get(target.pathname + target.search);
    }
    const target = new URL(action, this.baseUrl + page.url).toString();
    if ((form.getAttribute("enctype") ?? "").toLowerCase() === "multipart/form-data") {
      const multipart = new FormData();
      for (const [name, value] of data) multipart.append(name, value);
      for (const input of form.querySelectorAll('input[type="file"]')) {
        const name = input.getAttribute("name");
        if (!name || input.hasAttribute("disabled")) continue;
        const chosen = files[name] ?? [];
        // A file input with nothing chosen still sends an empty part, as browsers do.
        if (chosen.length === 0) multipart.append(name, new Blob([], { type: "application/octet-stream" }), "");
        for (const file of chosen) multipart.append(name, new Blob([file.bytes], { type: file.type }), file.name);
      }
      return this.request(target, { method, body: multipart });
    }
    return this.request(target, { method, body: data.toString(), contentType: "application/x-www-form-urlencoded" });
  }

  /** Logs in through the login form's SMS mode: 获取验证码, then the code `codeOf` reads (the development outbox). */
  async loginBySms(mobile: string, codeOf: (mobile: string) => Promise<string>): Promise<LoadedPage> {
    const page = await this.get("/login?mode=sms");
    const form = page.doc.querySelector("form[method=post]")!;
    const sent = await this.submit(page, form, { mobile }, form.querySelectorAll("button").find((b) => b.getAttribute("value") === "send-sms"));
    const again = sent.doc.querySelector("form[method=post]")!;
    return this.submit(sent, again, { mobile, smsCode: await codeOf(mobile) }, again.querySelectorAll("button").find((b) => b.getAttribute("value") === "login"));
  }

  /** Logs in through the login form with the password. */
  async login(mobile: string, password: string): Promise<LoadedPage> {
    const page = await this.get("/login");
    const form = page.doc.querySelector("form[method=post]")!;
    const button = form.querySelectorAll("button").find((b) => b.getAttribute("value") === "login");
    const landed = await this.submit(page, form, { mobile, password }, button);
    // Staff land on 首页, a driver or captain on his own home (我的运单).
    if (!landed.url.startsWith("/dashboard") && !landed.url.startsWith("/driver")) throw new Error(`login of ${mobile} landed on ${landed.url} (${landed.status})`);
    return landed;
  }
}

/** A file chosen in a file input. */
export interface ChosenFile {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The successful controls of a form with their current values, in document order. */
export function formValues(form: HTMLElement): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const control of form.querySelectorAll("input, select, textarea")) {
    const name = control.getAttribute("name");
    if (!name || control.hasAttribute("disabled")) continue;
    const tag = control.tagName.toLowerCase();
    if (tag === "select") {
      const options = control.querySelectorAll("option");
      const chosen = options.find((o) => o.hasAttribute("selected")) ?? (control.hasAttribute("multiple") ? undefined : options[0]);
      if (chosen) out.push([name, chosen.getAttribute("value") ?? chosen.text]);
    } else if (tag === "textarea") out.push([name, control.text]);
    else {
      const type = (control.getAttribute("type") ?? "text").toLowerCase();
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !control.hasAttribute("checked")) continue;
      out.push([name, control.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    }
  }
  return out;
}

/** The option values of a select (empty placeholders left out). */
export function optionValues(select: HTMLElement): string[] {
  return select
    .querySelectorAll("option")
    .map((o) => o.getAttribute("value") ?? "")
    .filter(Boolean);
}

/** Normalised text of an element, as a reader sees it. */
export function textOf(element: HTMLElement | null | undefined): string {
  return (element?.text ?? "").replace(/\s+/g, " ").trim();
}
