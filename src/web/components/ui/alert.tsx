import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type AlertProps = {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
};

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
} as const;

/** An inline message box; errors are announced at once (role=alert), others politely. */
export function Alert({ tone = 'error', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
