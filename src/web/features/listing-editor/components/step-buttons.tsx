import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** Back (when there is a step before) and the step's own forward action. */
export function StepButtons({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : null}
      {children}
    </div>
  );
}
