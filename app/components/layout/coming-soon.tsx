import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** A short, honest screen for a part of the product that arrives in a later release. */
export function ComingSoon({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-3 space-y-3 text-slate-700">{children}</div>
        {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
      </Card>
    </div>
  );
}
