import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type PageProps = {
  /** The document title, before ' · Stoop'. */
  title: string;
  width?: 'narrow' | 'default' | 'wide' | 'full';
  children: ReactNode;
};

const WIDTHS = {
  narrow: 'max-w-xl',
  default: 'max-w-4xl',
  wide: 'max-w-6xl',
  // A list beside a map (/search): room for both.
  full: 'max-w-[1600px]',
} as const;

/** A page inside the layout's main area, with its document title. */
export function Page({ title, width = 'default', children }: PageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12', WIDTHS[width])}>
      <title>{`${title} · Stoop`}</title>
      {children}
    </div>
  );
}
