import { Navigate, useLocation } from 'react-router';

/** /password-reset-redirect: hands the recovery link on to /reset-password, query and hash kept. */
export function Component() {
  const { search, hash } = useLocation();
  return <Navigate to={`/reset-password${search}${hash}`} replace />;
}
