import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Page } from './page.tsx';

type AuthPanelProps = {
  title: string;
  description?: ReactNode;
  wide?: boolean;
  children: ReactNode;
};

/** The centred card the sign-in, sign-up and password pages sit in. */
export function AuthPanel({ title, description, wide = false, children }: AuthPanelProps) {
  return (
    <Page title={title} width="narrow">
      <div
        className={cn(
          '-mx-4 rounded-none border-y border-stone-200 bg-white px-5 py-8 shadow-sm sm:mx-auto sm:rounded-2xl sm:border sm:px-8',
          wide ? 'sm:max-w-xl' : 'sm:max-w-md',
        )}
      >
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {description ? <div className="mt-2 text-stone-600">{description}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </Page>
  );
}
