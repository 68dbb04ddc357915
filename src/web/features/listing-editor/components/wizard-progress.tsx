import { cn } from '../../../lib/cn.ts';
import { STEPS, type StepKey } from '../listing-form-values.ts';

/** The numbered steps: done ones tinted, the current one marked for assistive technology. */
export function WizardProgress({ step }: { step: StepKey }) {
  const index = STEPS.findIndex((s) => s.key === step);
  return (
    <nav aria-label="Steps">
      <ol className="flex flex-wrap gap-2 text-sm">
        {STEPS.map((s, i) => (
          <li key={s.key}>
            <span
              aria-current={s.key === step ? 'step' : undefined}
              className={cn(
                'inline-block rounded-full px-3 py-1',
                s.key === step
                  ? 'bg-brand-700 font-semibold text-white'
                  : i < index
                    ? 'bg-brand-100 text-brand-900'
                    : 'bg-stone-100 text-stone-700',
              )}
            >
              {i + 1}. {s.title}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
