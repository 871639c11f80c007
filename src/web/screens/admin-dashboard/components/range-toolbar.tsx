import { CalendarRange, Download } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { lagosToday, rangeProblem, type DateRange } from '../../../features/reports';

/** The CSV exports: cookie-authenticated GETs, so plain links download them. */
export function exportUrl(kind: 'transactions' | 'audit-log', range: DateRange): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  return `/api/admin/export/${kind}.csv?${params}`;
}

function DateField({
  label,
  value,
  onChange,
  max,
  min,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max?: string;
  min?: string;
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-ink-muted">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        max={max}
        min={min}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClasses, 'tabular-nums')}
      />
    </div>
  );
}

/**
 * The period the figures and the exports cover: Lagos days, both ends included. An invalid
 * choice is explained and not asked for (the figures stay on the last good range).
 */
export function RangeToolbar({
  draft,
  onDraftChange,
  range,
}: {
  /** What the inputs show, possibly not a valid range yet. */
  draft: DateRange;
  onDraftChange: (range: DateRange) => void;
  /** The last valid range: what the figures and the exports use. */
  range: DateRange;
}) {
  const problem = rangeProblem(draft);
  const today = lagosToday();
  return (
    <section
      aria-label="Period and exports"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-3.5 shadow-card ring-1 ring-black/5 sm:p-5 lg:flex-row lg:items-end lg:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="flex items-center gap-2 text-sm font-bold">
          <CalendarRange aria-hidden className="size-4 text-brand-700" />
          Period <span className="font-normal text-ink-muted">(Lagos time)</span>
        </p>
        <div className="flex items-end gap-2">
          <DateField
            label="From"
            value={draft.from}
            max={draft.to || today}
            onChange={(from) => onDraftChange({ ...draft, from })}
          />
          <DateField
            label="To"
            value={draft.to}
            min={draft.from}
            max={today}
            onChange={(to) => onDraftChange({ ...draft, to })}
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm font-semibold text-down">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <a
          href={exportUrl('transactions', range)}
          download
          className={buttonClasses({ variant: 'outline', className: 'text-sm' })}
        >
          <Download aria-hidden />
          Export transactions (CSV)
        </a>
        <a
          href={exportUrl('audit-log', range)}
          download
          className={buttonClasses({ variant: 'outline', className: 'text-sm' })}
        >
          <Download aria-hidden />
          Export audit log (CSV)
        </a>
      </div>
    </section>
  );
}
