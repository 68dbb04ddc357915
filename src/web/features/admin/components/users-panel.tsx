import { useState } from 'react';
import type { AdminUser } from '../../../../shared/schemas/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ConfirmDialog } from '../../../components/ui/modal-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { type UserAction, useUserAction } from '../api/user-action.ts';
import { formatNyDate, formatNyDateTime, plural, ROLE_LABELS } from '../format.ts';
import { AdminTable, Badge, CardField, PagedListFrame, SearchBox } from './admin-ui.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type UsersPanelProps = { q: string; onSearch: (q: string) => void; meId: string };

/** Accounts by name or email; suspend (signs them out everywhere) or restore, after a confirm. */
export function UsersPanel({ q, onSearch, meId }: UsersPanelProps) {
  const query = useAdminUsers(q);
  const users = query.data?.pages.flatMap((page) => page.items) ?? [];
  const [pending, setPending] = useState<{ user: AdminUser; action: UserAction } | null>(null);
  const action = useUserAction();
  const toast = useToast();

  const open = (user: AdminUser, next: UserAction) => {
    action.reset();
    setPending({ user, action: next });
  };
  // Awaited, not mutate's callbacks: a live event's refetch can unmount the panel before they run.
  const confirm = async (reason?: string) => {
    if (!pending) return;
    const { user, action: verb } = pending;
    try {
      await action.mutateAsync({ id: user.id, action: verb, ...(reason ? { reason } : {}) });
      toast.success(
        verb === 'suspend'
          ? `${user.name} is suspended and signed out everywhere.`
          : `${user.name} can sign in again.`,
      );
      setPending(null);
    } catch {
      // Shown in the dialog (action.error).
    }
  };

  const actionFor = (user: AdminUser, className?: string) => {
    // Admins are not suspended from the console (the server refuses it too).
    if (user.userType === 'admin' || user.id === meId || user.deletedAt) return null;
    return user.suspendedAt ? (
      <Button
        variant="secondary"
        size="sm"
        className={className}
        onClick={() => open(user, 'restore')}
      >
        Restore<span className="sr-only"> {user.name}</span>
      </Button>
    ) : (
      <Button
        variant="secondary"
        size="sm"
        className={className}
        onClick={() => open(user, 'suspend')}
      >
        Suspend<span className="sr-only"> {user.name}</span>
      </Button>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <SearchBox label="Search users" placeholder="Name or email" value={q} onSearch={onSearch} />
      <PagedListFrame
        query={query}
        count={users.length}
        loadingLabel="Loading users"
        empty={
          <EmptyState title={q ? `No users match “${q}”` : 'No users yet'}>
            {q ? 'Try part of the name or the email address.' : null}
          </EmptyState>
        }
      >
        <AdminTable caption="Users" columns={['User', 'Role', 'Joined', 'Activity', 'Status']}>
          {users.map((user) => (
            <tr key={user.id} data-testid="user-row">
              <td className="px-4 py-3">
                <p className="font-medium text-stone-900">{user.name}</p>
                <p className="break-all text-stone-600">{user.email}</p>
              </td>
              <td className="px-4 py-3 text-stone-800">{ROLE_LABELS[user.userType]}</td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                {formatNyDate(user.createdAt)}
              </td>
              <td className="px-4 py-3 text-stone-700">
                <Activity user={user} />
              </td>
              <td className="px-4 py-3">
                <UserStatus user={user} />
              </td>
              <td className="px-4 py-3 text-right">{actionFor(user)}</td>
            </tr>
          ))}
        </AdminTable>
        <ul className="flex flex-col gap-3 md:hidden" aria-label="Users">
          {users.map((user) => (
            <li
              key={user.id}
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
              data-testid="user-card"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{user.name}</p>
                  <p className="text-sm break-all text-stone-600">{user.email}</p>
                </div>
                <UserStatus user={user} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-3">
                <CardField label="Role">{ROLE_LABELS[user.userType]}</CardField>
                <CardField label="Joined">{formatNyDate(user.createdAt)}</CardField>
                <CardField label="Activity">
                  <Activity user={user} />
                </CardField>
              </dl>
              {actionFor(user, 'mt-3 w-full')}
            </li>
          ))}
        </ul>
      </PagedListFrame>

      {pending?.action === 'suspend' ? (
        <ReasonDialog
          title={`Suspend ${pending.user.name}?`}
          confirmLabel="Suspend account"
          placeholder="e.g. Asked renters for deposits by wire transfer"
          pending={action.isPending}
          error={action.error ? errorMessage(action.error) : null}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        >
          <p>
            {pending.user.name} ({pending.user.email}) is signed out on every device at once and
            cannot sign in until an admin restores the account.
          </p>
          <p>Their listings and messages stay as they are.</p>
        </ReasonDialog>
      ) : pending?.action === 'restore' ? (
        <ConfirmDialog
          title={`Restore ${pending.user.name}?`}
          confirmLabel="Restore account"
          pending={action.isPending}
          error={action.error ? errorMessage(action.error) : null}
          onConfirm={() => confirm()}
          onClose={() => setPending(null)}
        >
          <p>
            {pending.user.name} ({pending.user.email}) can sign in again straight away. This is
            recorded in the audit log.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function UserStatus({ user }: { user: AdminUser }) {
  if (user.deletedAt) {
    return (
      <span title={`Deleted ${formatNyDateTime(user.deletedAt)}`}>
        <Badge tone="neutral">Deleted</Badge>
      </span>
    );
  }
  if (user.suspendedAt) {
    return (
      <span title={`Suspended ${formatNyDateTime(user.suspendedAt)}`}>
        <Badge tone="bad">Suspended</Badge>
      </span>
    );
  }
  return <Badge tone="good">Active</Badge>;
}

function Activity({ user }: { user: AdminUser }) {
  const parts: string[] = [];
  if (user.userType === 'landlord') parts.push(plural(user.listingCount, 'listing'));
  if (user.openReports > 0) parts.push(plural(user.openReports, 'open report'));
  return <>{parts.length > 0 ? parts.join(' · ') : '—'}</>;
}
