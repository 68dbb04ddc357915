import type { ReactNode } from 'react';

/** A white card with its own heading, which names the section for screen readers. */
export function SectionCard({
  id,
  title,
  children,
}: {
  /** The heading's id (the section's `aria-labelledby`). */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={id} className="mb-6 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
