/**
 * The browser's entry: Remix's default hydration, after the code of the in-place components the server
 * rendered (an open dialog, a form in a dialog) has arrived, so hydration never waits on a chunk.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadInPlace } from "~/components/ui/lazy";
import { mapPageData, unpackRows, type HandoffState } from "~/lib/handoff-rows";

// The document's page data came with its row lists packed (entry.server); Remix reads it as loaders sent it.
mapPageData((window as unknown as { __remixContext: { state?: HandoffState } }).__remixContext.state, unpackRows);

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
