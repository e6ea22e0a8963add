import type { RequestContext } from "../../server/context";

declare module "react-router" {
  // The load context handed over by server/http/app.ts.
  interface AppLoadContext extends RequestContext {}
}

export {};
