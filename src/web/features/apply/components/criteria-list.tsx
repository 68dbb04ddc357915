import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import { criteriaLines } from '../criteria.ts';

/** What a listing asks of applicants, a line each (the apply panel, an invitation). */
export function Criteria({ settings }: { settings: ApplicationSettings }) {
  return (
    <ul aria-label="What this listing asks" className="flex flex-col gap-1 text-sm text-stone-800">
      {criteriaLines(settings).map((line) => (
        <li key={line} className="flex gap-2">
          <span aria-hidden="true" className="text-brand-700">
            ✓
          </span>
          {line}
        </li>
      ))}
    </ul>
  );
}
