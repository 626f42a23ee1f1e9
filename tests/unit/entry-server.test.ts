import { PassThrough, type Transform } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/entry.server";

/** Renders many short Chinese text nodes (as the sidebar has) through `destination`; returns the bytes. */
function render(destination: Transform): Promise<Buffer> {
  const items = Array.from({ length: 400 }, (_, i) => createElement("span", { key: i }, `菜单${i}财务管理`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    destination.on("data", (chunk: Buffer) => chunks.push(chunk));
    destination.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(createElement("div", null, items), { onAllReady: () => pipe(destination), onShellError: reject });
  });
}

describe("the console's HTML stream", () => {
  it("React 18's Node writer leaves NUL bytes where a character straddles its 2 KB view", async () => {
    expect((await render(new PassThrough())).includes(0)).toBe(true);
  });

  it("withoutNulBytes drops them, and the text comes out whole", async () => {
    const html = await render(withoutNulBytes());
    expect(html.includes(0)).toBe(false);
    const text = html.toString("utf8");
    expect(text).not.toContain("\ufffd");
    expect(text.match(/财务管理/g)).toHaveLength(400);
  });
});
