import { useContext } from 'react';
import { createPath, Navigate, type NavigateProps } from 'react-router';
import { ServerStatusContext } from '../../lib/server-status.ts';

/**
 * React Router's `<Navigate>`, which on the server becomes the page's answer: a 302 to `to`
 * (a static render cannot navigate, and the browser would otherwise get a page that moves on
 * as soon as it has hydrated).
 */
export function Redirect(props: NavigateProps) {
  const server = useContext(ServerStatusContext);
  if (server) {
    server.redirectTo ??= typeof props.to === 'string' ? props.to : createPath(props.to);
    return null;
  }
  return <Navigate {...props} />;
}
