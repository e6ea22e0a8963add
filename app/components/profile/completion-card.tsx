import { CircleCheck } from "../ui/icons";
import { Card } from "../ui/card";

/**
 * Profile completion (profileCompletion on the server): the percentage as a bar, and what is
 * missing as links to the form section that fixes it.
 */
export function CompletionCard({
  percent,
  missing,
  className = "",
}: {
  percent: number;
  missing: Array<{ key: string; label: string; href: string }>;
  className?: string;
}) {
  return (
    <Card className={`p-5 ${className}`}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-800" id="completion-label">
          Profile completion
        </h2>
        <span className="text-lg font-semibold text-brand-700">{percent}%</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-labelledby="completion-label"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {missing.length ? (
        <div className="mt-3 text-sm text-slate-600">
          <p>Still missing:</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {missing.map((m) => (
              <li key={m.key}>
                <a href={m.href.slice(m.href.indexOf("#"))} className="font-medium text-brand-700 underline">
                  {m.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-brand-700">
          <CircleCheck className="size-4" aria-hidden="true" /> Your profile is complete.
        </p>
      )}
    </Card>
  );
}
