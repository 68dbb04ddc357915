import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSettledOnce } from '../../../lib/use-settled-once.ts';
import type { ReportStatusFilter } from '../api/admin-keys.ts';
import { useAdminOverview } from '../api/get-overview.ts';
import { type AdminTab, AdminTabs, isAdminTab, TabPanel } from './admin-tabs.tsx';
import { AuditPanel } from './audit-panel.tsx';
import { ListingsPanel } from './listings-panel.tsx';
import { Overview } from './overview.tsx';
import { ReportDetailDialog } from './report-detail-dialog.tsx';
import { ReportsPanel } from './reports-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

/*
 * The console's state lives in the URL: ?tab=reports|users|listings|audit, &status=resolved for
 * the resolved reports, &q= for a search, &report=<id> for an open report.
 */

/** /admin: the moderation console (counts, then reports, users, listings and the audit log). */
export function AdminConsole({ meId }: { meId: string }) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: AdminTab = isAdminTab(tabParam) ? tabParam : 'reports';
  const status: ReportStatusFilter = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const q = params.get('q') ?? '';
  const reportId = params.get('report');
  const overview = useAdminOverview();
  // The tabs wait for the counts above them: arriving after them, the counts pushed them down.
  const settled = useSettledOnce(overview.isPending);

  const update = useCallback(
    (patch: Record<string, string | null>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const selectTab = (next: AdminTab) => {
    if (next !== tab) update({ tab: next, q: null, status: null, report: null });
  };

  return (
    <>
      <PageHeader
        title="Moderation"
        description="Reports from renters and landlords, accounts and listings across Stoop. Every action you take here is recorded in the audit log."
      />
      {settled ? null : (
        <div className="flex justify-center p-8">
          <Spinner size="lg" label="Loading the console" />
        </div>
      )}
      {settled ? <Overview onOpen={selectTab} /> : null}
      {settled ? (
        <>
          <AdminTabs
            current={tab}
            onSelect={selectTab}
            badges={{ reports: overview.data?.reports.open ?? 0 }}
          />
          <TabPanel tab={tab}>
            {tab === 'reports' ? (
              <ReportsPanel
                status={status}
                onStatus={(next) => update({ status: next === 'open' ? null : next })}
                onOpen={(id) => update({ report: id })}
              />
            ) : tab === 'users' ? (
              <UsersPanel key="users" q={q} onSearch={(next) => update({ q: next })} meId={meId} />
            ) : tab === 'listings' ? (
              <ListingsPanel key="listings" q={q} onSearch={(next) => update({ q: next })} />
            ) : (
              <AuditPanel />
            )}
          </TabPanel>
        </>
      ) : null}
      {tab === 'reports' && reportId ? (
        <ReportDetailDialog
          key={reportId}
          id={reportId}
          onClose={() => update({ report: null }, true)}
        />
      ) : null}
    </>
  );
}
