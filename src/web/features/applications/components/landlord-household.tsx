import type { Application, ApplicationMember } from '../../../../shared/schemas/applications.ts';
import { cn } from '../../../lib/cn.ts';
import { formatMoney } from '../../../lib/format.ts';
import {
  criteriaWayText,
  dateText,
  guarantorIncomeText,
  incomeText,
  incomeWay,
  meetsIncome,
  ROLE_LABEL,
} from '../words.ts';
import { ProfileFacts } from './profile-snapshot.tsx';
import { SentDocuments } from './sent-documents.tsx';

/*
 * The household as the landlord reads it (issue 29): the income lines (the household's multiple,
 * the guarantor's, and which way the criteria are met) and each co-applicant and guarantor with
 * their profile as they joined and their documents.
 */

const joinedCoApplicants = (application: Application) =>
  application.members.filter((m) => m.role === 'co_applicant' && m.status === 'joined').length;

/** The income lines: the household's multiple, the guarantor's, and which way it is met. */
export function IncomeLines({
  application,
  className,
}: {
  application: Application;
  className?: string;
}) {
  const guarantor = guarantorIncomeText(application);
  const meets = meetsIncome(application);
  return (
    <div className={cn('flex flex-col gap-0.5 text-sm font-medium', className)}>
      <p className={incomeWay(application) === 'household' ? 'text-emerald-800' : 'text-red-800'}>
        {joinedCoApplicants(application) > 0 ? 'Household income' : 'Income'}{' '}
        {incomeText(application)}
      </p>
      {guarantor ? <p className="text-stone-800">Guarantor's income {guarantor}</p> : null}
      {application.members.length > 0 ? (
        <p className={meets ? 'text-emerald-800' : 'text-red-800'}>
          {criteriaWayText(application)}
        </p>
      ) : null}
    </div>
  );
}

/** "2 co-applicants and a guarantor", "1 co-applicant (1 not joined yet)": for the list's rows. */
export function householdWords(application: Application): string | null {
  const members = application.members;
  if (members.length === 0) return null;
  const co = members.filter((m) => m.role === 'co_applicant').length;
  const parts = [
    co > 0 ? `${co} co-applicant${co === 1 ? '' : 's'}` : null,
    members.some((m) => m.role === 'guarantor') ? 'a guarantor' : null,
  ].filter((part): part is string => part !== null);
  const pending = members.filter((m) => m.status === 'invited').length;
  return `With ${parts.join(' and ')}${pending > 0 ? ` (${pending} not joined yet)` : ''}`;
}

const monthlyIncome = (member: ApplicationMember) =>
  member.profile?.incomes.reduce((sum, income) => sum + income.monthlyCents, 0) ?? null;

function MemberCard({
  application,
  member,
}: {
  application: Application;
  member: ApplicationMember;
}) {
  const who = member.name ?? member.email ?? ROLE_LABEL[member.role];
  const income = monthlyIncome(member);
  return (
    <li className="flex flex-col gap-3 py-4" data-testid="household-member">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{who}</h3>
          <p className="text-sm text-stone-600">
            {ROLE_LABEL[member.role]}
            {member.email && member.name ? ` · ${member.email}` : ''}
          </p>
        </div>
        <p className="shrink-0 text-sm text-stone-700">
          {member.status === 'joined' && member.joinedAt ? (
            <>
              Joined <time dateTime={member.joinedAt}>{dateText(member.joinedAt)}</time>
            </>
          ) : (
            'Invited, not joined yet'
          )}
        </p>
      </div>
      {member.status === 'joined' ? (
        <>
          <p className="text-sm text-stone-800">
            Income:{' '}
            <span className="font-medium">
              {income === null || income === 0 ? 'none listed' : `${formatMoney(income)} a month`}
            </span>
            {member.role === 'guarantor' && member.incomeMultiple !== null
              ? ` · ${member.incomeMultiple.toFixed(1)}× the rent`
              : ''}
          </p>
          <SentDocuments documents={member.documents} label={`Documents from ${who}`} />
          {member.profile ? (
            <details className="rounded-lg border border-stone-200 px-3 py-2">
              <summary className="cursor-pointer text-sm font-semibold text-brand-800">
                Profile as sent <span className="sr-only">by {who}</span>
              </summary>
              <div className="mt-3">
                <ProfileFacts
                  profile={member.profile}
                  rentCents={application.rentCents}
                  moveInDate={null}
                  message={null}
                  about={`About the ${ROLE_LABEL[member.role].toLowerCase()}`}
                />
              </div>
            </details>
          ) : null}
        </>
      ) : null}
    </li>
  );
}

/** Each co-applicant and the guarantor, with what they sent. */
export function LandlordHousehold({ application }: { application: Application }) {
  return (
    <ul aria-label="Household members" className="divide-y divide-stone-200">
      {application.members.map((member) => (
        <MemberCard key={member.id} application={application} member={member} />
      ))}
    </ul>
  );
}
