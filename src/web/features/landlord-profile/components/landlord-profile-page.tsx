import { useState } from 'react';
import type { LandlordProfile } from '../../../../shared/schemas/billing.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLandlordProfile } from '../api/landlord-profile.ts';
import { LandlordCard } from './landlord-card.tsx';
import { draftOf, LandlordProfileForm, type ProfileDraft } from './landlord-profile-form.tsx';
import { ProfilePhoto } from './profile-photo.tsx';
import { ResponseStats } from './response-stats.tsx';

function Editor({ profile }: { profile: LandlordProfile }) {
  // The preview follows the form as it is typed, before it is saved.
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const preview = {
    ...profile,
    displayName: draft.displayName,
    bio: draft.bio.trim() || null,
    languages: draft.languages,
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <div className="flex min-w-0 flex-col gap-6">
        <SectionCard id="public-profile-heading" title="Public profile">
          <div className="flex flex-col gap-8">
            <ProfilePhoto photoUrl={profile.photoUrl} name={draft.displayName} />
            <LandlordProfileForm draft={draft} onDraftChange={setDraft} />
          </div>
        </SectionCard>
        <SectionCard id="response-heading" title="Response statistics">
          <ResponseStats profile={profile} />
        </SectionCard>
      </div>
      <aside aria-labelledby="preview-heading" className="lg:sticky lg:top-20 lg:self-start">
        <h2
          id="preview-heading"
          className="mb-3 text-sm font-semibold tracking-wide text-stone-600 uppercase"
        >
          Preview on your listings
        </h2>
        <LandlordCard profile={preview} />
      </aside>
    </div>
  );
}

/** /landlord/profile: what renters see of the landlord, with a live preview of the card. */
export function LandlordProfilePage() {
  const profile = useLandlordProfile();
  if (profile.isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner size="lg" label="Loading your profile" />
      </div>
    );
  }
  if (profile.isError) return <Alert>{errorMessage(profile.error)}</Alert>;
  return <Editor profile={profile.data} />;
}
