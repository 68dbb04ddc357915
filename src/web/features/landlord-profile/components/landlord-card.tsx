import type { LandlordProfile } from '../../../../shared/schemas/billing.ts';
import { LandlordCardBody } from '../../../components/landlord/landlord-card.tsx';

type CardProfile = Pick<
  LandlordProfile,
  | 'displayName'
  | 'bio'
  | 'languages'
  | 'photoUrl'
  | 'medianFirstReplyMinutes'
  | 'replyRate'
  | 'memberSince'
>;

/** The public landlord card as it shows beside the landlord's listings (the preview). */
export function LandlordCard({ profile }: { profile: CardProfile }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <LandlordCardBody landlord={{ ...profile, name: profile.displayName }} />
    </div>
  );
}
