import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { Alert } from './alert.tsx';

/** A plan's limit refused the change (PLAN_LIMIT): the way out is a bigger plan. */
export function isPlanLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PLAN_LIMIT';
}

/** A failed request's message; a plan limit also links to the plans (issue 14). */
export function ApiErrorAlert({ error, className }: { error: unknown; className?: string }) {
  return (
    <Alert className={className}>
      {errorMessage(error)}
      {isPlanLimit(error) ? (
        <>
          {' '}
          <Link to={paths.landlordBilling.href()} className="font-semibold underline">
            Compare plans
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
