import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SearchBox as SharedSearchBox } from '../../../components/ui/search-box.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

const TONES = {
  neutral: 'bg-stone-100 text-stone-800 ring-stone-300',
  good: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  warn: 'bg-amber-50 text-amber-900 ring-amber-300',
  bad: 'bg-red-50 text-red-800 ring-red-300',
  brand: 'bg-brand-50 text-brand-900 ring-brand-300',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small status pill. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

type PagedList = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

/**
 * The states around a paged list: loading, a failure with a retry, the list, "Load more"
 * while the server has a `nextCursor`, and an honest empty state.
 */
export function PagedListFrame({
  query,
  count,
  loadingLabel,
  empty,
  children,
}: {
  query: PagedList;
  count: number;
  loadingLabel: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (query.isError && count === 0) {
    return (
      <Alert>
        <span>{errorMessage(query.error)}</span>{' '}
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </Alert>
    );
  }
  if (count === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      {children}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            pending={query.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The console's search form: emptying the box shows everything again without another click. */
export function SearchBox(props: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  return <SharedSearchBox {...props} maxLength={200} searchWhenEmptied className="sm:max-w-md" />;
}

/** A label above a value, used inside the phone cards. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="text-sm text-stone-900">{children}</dd>
    </div>
  );
}

/** The header cell of the desktop tables. */
export function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={cn(
        'px-4 py-3 text-left text-xs font-semibold text-stone-600 uppercase',
        className,
      )}
    >
      {children}
    </th>
  );
}

/** A panel's wide-screen table (phones get cards instead): a caption, the columns, then rows. */
export function AdminTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            {columns.map((column) => (
              <Th key={column}>{column}</Th>
            ))}
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </div>
  );
}
