import type { InfiniteData } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { NextPageButton, type NextPages } from '../../../components/load-more';
import { SearchBox } from '../../../components/search-box';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { SEARCH_DELAY_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageItems } from '../../../lib/use-page-items';

/** A list's filter and search as chosen; `q`, the search the server gets, once typing pauses. */
function useListControls<F extends string>(initialFilter: F) {
  const [filter, setFilter] = useState<F>(initialFilter);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  return {
    filter,
    setFilter,
    search,
    setSearch,
    q,
    narrowed: q !== '' || filter !== initialFilter,
  };
}

/** A row of mutually exclusive filters (All / Agents / Customers ...). */
export function FilterButtons<T extends string>({
  value,
  onChange,
  options,
  label,
}: {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  label: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex gap-1 overflow-x-auto rounded-xl bg-canvas p-1 ring-1 ring-line/60"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className="min-h-11 min-w-11 flex-1 rounded-lg px-2 text-[13px] font-semibold sm:px-3 sm:text-sm whitespace-nowrap text-ink-muted hover:text-ink aria-pressed:bg-surface aria-pressed:text-brand-800 aria-pressed:shadow-sm"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A column of an admin list: its name over the rows, its width, how its name aligns. */
export interface ListColumn {
  label: string;
  /** Its track in the grid of the column names and the rows: `7.5rem`, `minmax(0,1fr)`. */
  width: string;
  className?: string;
}

/** On wider screens the column names and every row share the list's grid (its `--list-columns`). */
const COLUMN_GRID = 'md:grid-cols-(--list-columns) md:items-center';

/**
 * A row of an admin list: its fields in the list's columns on wider screens. `className` says
 * its columns and their spacing on phones, where the fields wrap under each other.
 */
export function ListRow({ className, ...props }: ComponentProps<'li'> & { className: string }) {
  return (
    <li
      className={cn('grid gap-y-3 px-4 py-4 md:gap-4 md:px-6', COLUMN_GRID, className)}
      {...props}
    />
  );
}

/** A row's status as a badge: at the row's end on phones, in its column on wider screens. */
export function StatusField({
  tone,
  testId,
  children,
}: {
  tone: BadgeTone;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="text-right md:text-left">
      <Badge tone={tone} className="whitespace-nowrap" data-testid={testId}>
        {children}
      </Badge>
    </div>
  );
}

/** A paged admin list as its rows need it, and how it stands. */
type ListQuery<T> = NextPages & {
  data?: InfiniteData<{ items: T[] }>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * An admin list in its card: the toolbar (the filters, then the search box), then loading,
 * failure, nothing found, or the column names, the rows and "Load more". Its test id, loading and
 * empty texts follow its label ("users-list", "Loading users...", "No users found"); with a
 * search or another filter than the first, nothing found says "Try adjusting your search".
 */
export function ListCard<F extends string, T>({
  label,
  filter,
  searchPlaceholder,
  useList,
  failedTitle,
  emptyHint,
  columns,
  row,
  caption,
}: {
  label: string;
  filter: {
    label: string;
    /** The first option is where the list starts. */
    options: readonly [{ value: F; label: string }, ...{ value: F; label: string }[]];
    /** Its width beside the search box on wider screens. */
    className: string;
  };
  searchPlaceholder: string;
  /** The list's query for a filter and a search. */
  useList: (filter: F, q: string) => ListQuery<T>;
  /** The list's own words when it cannot load (the spec's "Failed to fetch customers"). */
  failedTitle?: string;
  /** The hint when nothing is there yet (not narrowed by a search or a filter). */
  emptyHint: string;
  columns: readonly ListColumn[];
  /** An item's row: a `ListRow` with its key. */
  row: (item: T) => ReactNode;
  /** A line under the toolbar for the filter and search chosen (a period, an export link). */
  caption?: (filter: F, q: string) => ReactNode;
}) {
  const controls = useListControls(filter.options[0].value);
  const query = useList(controls.filter, controls.q);
  const items = usePageItems(query);
  const noun = label.toLowerCase();
  return (
    <section
      aria-label={label}
      data-testid={`${noun}-list`}
      style={{ '--list-columns': columns.map((c) => c.width).join(' ') } as CSSProperties}
      className="min-w-0 overflow-hidden rounded-2xl bg-surface shadow-card ring-1 ring-black/5"
    >
      <div className="flex flex-col gap-2 border-b border-line p-3 sm:flex-row sm:items-center sm:gap-3 sm:p-4">
        <div className={filter.className}>
          <FilterButtons
            label={filter.label}
            value={controls.filter}
            onChange={controls.setFilter}
            options={filter.options}
          />
        </div>
        <SearchBox
          className="flex-1"
          value={controls.search}
          onChange={controls.setSearch}
          placeholder={searchPlaceholder}
        />
      </div>
      {caption?.(controls.filter, controls.q)}
      <ListBody
        query={query}
        count={items.length}
        loadingText={`Loading ${noun}...`}
        emptyTitle={`No ${noun} found`}
        failedTitle={failedTitle}
        emptyHint={controls.narrowed ? 'Try adjusting your search' : emptyHint}
      >
        <ListHeader columns={columns} />
        <ul className="divide-y divide-line">{items.map(row)}</ul>
      </ListBody>
    </section>
  );
}

/** The column names over the rows, on screens wide enough for columns. */
function ListHeader({ columns }: { columns: readonly ListColumn[] }) {
  return (
    <div
      aria-hidden
      className={cn(
        'hidden gap-4 border-b border-line bg-canvas/60 px-6 py-2.5 text-xs font-semibold tracking-wide text-ink-muted uppercase md:grid',
        COLUMN_GRID,
      )}
    >
      {columns.map((c) => (
        <span key={c.label} className={c.className}>
          {c.label}
        </span>
      ))}
    </div>
  );
}

/** Loading, failure, empty, or the rows and "Load more". */
function ListBody({
  query,
  count,
  loadingText,
  emptyTitle,
  emptyHint,
  failedTitle = 'Failed to load',
  children,
}: {
  query: ListQuery<unknown>;
  count: number;
  loadingText: string;
  emptyTitle: string;
  emptyHint: string;
  failedTitle?: string;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div aria-busy className="flex flex-col gap-3 p-4 sm:p-6">
        {[0, 1, 2].map((i) => (
          <span key={i} aria-hidden className="h-12 animate-pulse rounded-xl bg-canvas" />
        ))}
        <p role="status" className="sr-only">
          {loadingText}
        </p>
      </div>
    );
  if (query.isError)
    return (
      <div className="px-4 py-10 text-center sm:px-6">
        <p className="font-semibold">{failedTitle}</p>
        <p className="mt-1 text-sm text-ink-muted">{errorText(query.error, 'Please try again.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden />
          Try Again
        </Button>
      </div>
    );
  if (count === 0)
    return (
      <div className="px-4 py-12 text-center sm:px-6">
        <p className="font-semibold">{emptyTitle}</p>
        <p className="mt-1 text-sm text-ink-muted">{emptyHint}</p>
      </div>
    );
  return (
    <>
      {children}
      <NextPageButton query={query} className="border-t border-line p-3" />
    </>
  );
}
