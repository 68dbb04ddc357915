import type { ReactNode } from 'react';

type EmptyStateProps = {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Heading level inside the page; h2 by default. */
  as?: 'h2' | 'h3';
};

/** An honest empty state: says what is missing and, when possible, what to do next. */
export function EmptyState({ title, children, action, as: Heading = 'h2' }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
      <Heading className="text-lg font-semibold text-stone-900">{title}</Heading>
      {children ? <div className="mx-auto mt-2 max-w-md text-stone-600">{children}</div> : null}
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </div>
  );
}
