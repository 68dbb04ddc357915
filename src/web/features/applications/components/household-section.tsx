import { type FormEvent, useId, useState } from 'react';
import { HOUSEHOLD_LIMITS } from '../../../../shared/households.ts';
import type { Application, ApplicationMember } from '../../../../shared/schemas/applications.ts';
import type { MemberRole } from '../../../../shared/schemas/households.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useApplicationAction,
  useLeaveApplication,
  useRemoveMember,
} from '../api/application-actions.ts';
import { loadFormSchemas } from '../api/load-form-schemas.ts';
import { canChangeHousehold, dateText, ROLE_LABEL } from '../words.ts';
import { ConfirmAction } from './confirm-action.tsx';

/*
 * The household on a renter's application (issue 29): the primary applicant, each co-applicant
 * and the guarantor. The primary invites, sends a new link and removes until an offer is made;
 * a member sees who is in it (names only), their own documents, and may leave.
 */

const ROLE_WORDS: Record<MemberRole, string> = {
  co_applicant: 'co-applicant',
  guarantor: 'guarantor',
};

/** Whom a member is, in the list: their name once joined, else who was invited. */
function memberName(member: ApplicationMember): string {
  if (member.name) return member.name;
  return member.email ? `Invited ${member.email}` : `Invited ${ROLE_WORDS[member.role]}`;
}

/** A member's own row in a member's view: the only one whose profile they are shown. */
const isSelf = (application: Application, member: ApplicationMember) =>
  application.viewer === 'member' && member.profile !== null;

function MemberState({ member }: { member: ApplicationMember }) {
  if (member.status === 'joined') {
    return (
      <span className="text-emerald-800">
        Joined
        {member.joinedAt ? (
          <>
            {' '}
            <time dateTime={member.joinedAt}>{dateText(member.joinedAt)}</time>
          </>
        ) : null}
      </span>
    );
  }
  return (
    <span className="text-amber-900">
      Invited, not joined yet
      {member.expiresAt ? (
        <>
          {' '}
          · link works until <time dateTime={member.expiresAt}>{dateText(member.expiresAt)}</time>
        </>
      ) : null}
    </span>
  );
}

/** The primary's moves on one member: a fresh link for one not joined, and Remove. */
function PrimaryMoves({
  application,
  member,
}: {
  application: Application;
  member: ApplicationMember;
}) {
  const toast = useToast();
  const invite = useApplicationAction(application.id, 'invite');
  const remove = useRemoveMember(application.id);
  const who = member.name ?? member.email ?? ROLE_WORDS[member.role];
  const resend = async () => {
    if (!member.email) return;
    try {
      await invite.mutateAsync({ email: member.email, role: member.role });
      toast.success(`A new link was sent to ${member.email}.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {member.status === 'invited' && member.email ? (
        <Button
          variant="secondary"
          size="sm"
          pending={invite.isPending}
          onClick={() => void resend()}
        >
          Send a new link <span className="sr-only">to {member.email}</span>
        </Button>
      ) : null}
      <ConfirmAction
        label={
          // A long address would push the button off a phone's screen: the name is for readers.
          <>
            Remove <span className="sr-only">{who}</span>
          </>
        }
        variant="ghost"
        title={`Remove ${who}?`}
        confirmLabel="Remove"
        tone="danger"
        run={() => remove.mutateAsync(member.id)}
        done={`${who} was removed from the application.`}
      >
        <p>
          {member.status === 'joined'
            ? 'They are told, and their profile and documents leave the application.'
            : 'Their link stops working.'}{' '}
          You can invite someone again until an offer is made.
        </p>
      </ConfirmAction>
    </div>
  );
}

/** Invite one more person (the primary, until an offer): an address and a role. */
function InviteForm({ application }: { application: Application }) {
  const toast = useToast();
  const invite = useApplicationAction(application.id, 'invite');
  const formId = useId();
  const coApplicants = application.members.filter((m) => m.role === 'co_applicant').length;
  const hasGuarantor = application.members.some((m) => m.role === 'guarantor');
  const roomFor: MemberRole[] = [
    ...(coApplicants < HOUSEHOLD_LIMITS.coApplicants ? (['co_applicant'] as const) : []),
    ...(hasGuarantor ? [] : (['guarantor'] as const)),
  ];
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roomFor[0] ?? 'co_applicant');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (roomFor.length === 0) {
    return (
      <p className="text-sm text-stone-700">
        The household is full: {HOUSEHOLD_LIMITS.coApplicants} co-applicants and a guarantor.
      </p>
    );
  }
  const chosen = roomFor.includes(role) ? role : (roomFor[0] as MemberRole);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = (await loadFormSchemas()).inviteInput.safeParse({ email, role: chosen });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      document.getElementById(`${formId}-email`)?.focus();
      return;
    }
    setError(null);
    try {
      await invite.mutateAsync(parsed.data);
    } catch (failed) {
      setFailure(errorMessage(failed));
      return;
    }
    setEmail('');
    toast.success(`Invitation sent to ${parsed.data.email}.`);
  };
  return (
    <form
      noValidate
      aria-label="Invite someone to this application"
      // The check's schema starts loading at the first focus (decision 012).
      onFocus={() => void loadFormSchemas()}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3"
      onSubmit={(event) => void submit(event)}
    >
      <p className="text-sm font-medium text-stone-900">Invite someone</p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <TextField
          id={`${formId}-email`}
          type="email"
          label="Their email"
          autoComplete="off"
          value={email}
          error={error ?? undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          id={`${formId}-role`}
          label="As"
          value={chosen}
          options={roomFor.map((r) => [r, ROLE_LABEL[r]] as const)}
          onChange={(event) => setRole(event.target.value as MemberRole)}
        />
      </div>
      <p className="text-xs text-stone-600">
        They get a link by mail that works for {HOUSEHOLD_LIMITS.invitationDays} days. The landlord
        sees the application once everyone has joined. Applying on Stoop is free for everyone.
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button type="submit" variant="secondary" className="self-start" pending={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}

/** The household: who is on the application, and what the viewer may do about it. */
export function HouseholdSection({ application }: { application: Application }) {
  const headingId = useId();
  const leave = useLeaveApplication(application.id);
  const primary = application.viewer === 'applicant';
  const changeable = canChangeHousehold(application.status);
  const self = application.members.find((member) => isSelf(application, member));
  if (!primary && !self && application.members.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="household">
      <h3
        id={headingId}
        className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase"
      >
        Household
      </h3>
      {self ? (
        <p className="mb-2 text-sm font-medium text-stone-900">
          You joined as {ROLE_WORDS[self.role]} on {application.applicant.name}'s application.
        </p>
      ) : null}
      <ul aria-label="Household" className="flex flex-col divide-y divide-stone-200 text-sm">
        <li className="flex flex-col gap-0.5 py-2">
          <span className="font-medium break-words text-stone-900">
            {application.applicant.name}
            {primary ? ' (you)' : ''}
          </span>
          <span className="text-stone-600">Primary applicant</span>
        </li>
        {application.members.map((member) => (
          <li
            key={member.id}
            className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-medium break-words text-stone-900">
                {memberName(member)}
                {isSelf(application, member) ? ' (you)' : ''}
              </span>
              <span className="text-stone-600">
                {ROLE_LABEL[member.role]} · <MemberState member={member} />
              </span>
            </div>
            {primary && changeable ? (
              <PrimaryMoves application={application} member={member} />
            ) : null}
          </li>
        ))}
      </ul>
      {self && self.documents.length > 0 ? (
        <p className="mt-2 text-sm break-words text-stone-700">
          Your documents sent:{' '}
          {self.documents
            .map((document) => (document.removed ? `${document.name} (deleted)` : document.name))
            .join(', ')}
        </p>
      ) : null}
      {primary && changeable ? (
        <div className="mt-3">
          {application.members.length === 0 ? (
            <p className="mb-2 text-sm text-stone-700">
              Applying with roommates or a guarantor? Invite them here. Applying on Stoop is free
              for everyone in the household.
            </p>
          ) : null}
          <InviteForm application={application} />
        </div>
      ) : null}
      {self && changeable ? (
        <div className="mt-3">
          <ConfirmAction
            label="Leave application"
            variant="ghost"
            title="Leave this application?"
            confirmLabel="Leave application"
            tone="danger"
            run={() => leave.mutateAsync()}
            done="You left the application."
          >
            <p>
              {application.applicant.name} is told, and your profile and documents leave the
              application. Your profile and documents stay yours.
            </p>
          </ConfirmAction>
        </div>
      ) : null}
    </section>
  );
}
