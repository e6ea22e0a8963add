import { useEffect, useState } from "react";

/** Set once the first page has hydrated: what mounts later starts hydrated (never on the server). */
let pageHydrated = false;

/**
 * False in the server render and in the render that hydrates it, true after (and from the start for
 * what mounts once the page has hydrated): a control whose JavaScript form (a button opening a
 * dialog, a step of a wizard) needs the page's scripts renders its plain HTML form until then, which
 * also works before the scripts arrive and without them (docs/product.md, Look and feel).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
