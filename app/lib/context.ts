import type { RequestContext } from "../../server/context";

declare module "react-router" {
  // The load context handed over by server/http/app.ts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation must be an interface
  interface AppLoadContext extends RequestContext {}
}

export {};
