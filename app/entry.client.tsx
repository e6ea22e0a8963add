import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { noteEarlyInput, replayEarlyInput } from "./lib/early-input";

/** Renders the app; once all of it has hydrated (its effects run after every field's), replays early input. */
function ReplayEarlyInput({ children }: { children: ReactNode }) {
  useEffect(replayEarlyInput, []);
  return children;
}

// React Router's own client entry, plus one step: what the visitor typed before the scripts ran is
// noted before hydrating can put it back, and replayed once hydrated (app/lib/early-input.ts).
noteEarlyInput();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ReplayEarlyInput>
        <HydratedRouter />
      </ReplayEarlyInput>
    </StrictMode>,
  );
});
