/**
 * The browser's entry: Remix's default hydration, after the code of the in-place components the server
 * rendered (an open dialog, a form in a dialog) has arrived, so hydration never waits on a chunk.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadInPlace } from "~/components/ui/lazy";

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
