import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

/** The map's place while its code loads (kept light: the pages' first load imports it). */
export function MapLoading({ className }: { className?: string | undefined }) {
  return (
    <div className={cn('flex items-center justify-center bg-sky-50', className)}>
      <Spinner size="md" label="Loading the map" />
    </div>
  );
}
