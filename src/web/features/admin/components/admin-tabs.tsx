import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { cn } from '../../../lib/cn.ts';

export const ADMIN_TABS = ['reports', 'users', 'listings', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const TAB_LABELS: Record<AdminTab, string> = {
  reports: 'Reports',
  users: 'Users',
  listings: 'Listings',
  audit: 'Audit log',
};

export function isAdminTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '');
}

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

/**
 * The console's sections as ARIA tabs (arrow keys, Home and End move between them). The chosen
 * tab lives in the URL, so a reload or a shared link opens the same section.
 */
export function AdminTabs({
  current,
  onSelect,
  badges,
}: {
  current: AdminTab;
  onSelect: (tab: AdminTab) => void;
  /** A count beside a tab's name (open reports). */
  badges: Partial<Record<AdminTab, number>>;
}) {
  const refs = useRef(new Map<AdminTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ADMIN_TABS.indexOf(current);
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % ADMIN_TABS.length,
      ArrowLeft: (index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length,
      Home: 0,
      End: ADMIN_TABS.length - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = ADMIN_TABS[target] as AdminTab;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Moderation sections"
      onKeyDown={onKeyDown}
      className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 sm:mx-0 sm:px-0"
    >
      {ADMIN_TABS.map((tab) => {
        const selected = tab === current;
        const badge = badges[tab];
        return (
          <button
            key={tab}
            ref={(element) => {
              if (element) refs.current.set(tab, element);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={cn(
              '-mb-px inline-flex h-11 shrink-0 items-center gap-1.5 border-b-2 px-2 text-sm sm:gap-2 sm:px-3 font-semibold whitespace-nowrap transition-colors',
              selected
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900',
            )}
          >
            {TAB_LABELS[tab]}
            {badge ? (
              <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-bold text-amber-900">
                {badge}
                <span className="sr-only"> open</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the chosen tab. */
export function TabPanel({ tab, children }: { tab: AdminTab; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
      {children}
    </div>
  );
}
