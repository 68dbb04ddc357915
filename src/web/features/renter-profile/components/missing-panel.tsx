import { PROFILE_FIELD_LABELS } from '../../../../shared/renter-profile.ts';
import type { ProfileField } from '../../../../shared/schemas/renter-profile.ts';

/** What an application still needs, in words, or that the profile is complete. */
export function MissingPanel({ missing }: { missing: readonly ProfileField[] }) {
  const complete = missing.length === 0;
  return (
    <section
      aria-labelledby="missing-heading"
      data-testid="missing-panel"
      className={
        complete
          ? 'rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900'
          : 'rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950'
      }
    >
      <h2 id="missing-heading" className="text-base font-semibold">
        What's missing
      </h2>
      <div role="status" className="mt-2 text-sm">
        {complete ? (
          <p>Your profile is complete.</p>
        ) : (
          <>
            <p>Before you apply, add:</p>
            <ul className="mt-1 list-disc pl-5">
              {missing.map((field) => (
                <li key={field}>{PROFILE_FIELD_LABELS[field]}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
