/**
 * The browser's entry: Remix's default hydration, after the code of the in-place components the server
 * rendered (an open dialog, a form in a dialog) has arrived, so hydration never waits on a chunk.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadInPlace } from "~/components/ui/lazy";
import { mapPageData, unpackRows, type HandoffState } from "~/lib/handoff-rows";

// The document's page data came with its row lists packed (scripts/console-page-data.ts): Remix puts
// it here once it has read the document's data stream, and it is unpacked on the way in.
const context = (window as unknown as { __remixContext: { state?: HandoffState } }).__remixContext;
let state = context.state;
Object.defineProperty(context, "state", {
  configurable: true,
  get: () => state,
  set(value: HandoffState) {
    mapPageData(value, unpackRows);
    state = value;
  },
});

void preloadInPlace(document).finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
