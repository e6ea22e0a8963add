import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** A centred message in place of a list: empty state or load failure, with an optional action. */
export function StateCard({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500" aria-hidden="true">
        {icon}
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 max-w-sm text-slate-600">{text}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </Card>
  );
}
