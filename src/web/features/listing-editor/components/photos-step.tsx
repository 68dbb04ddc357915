import { useState } from 'react';
import { PUBLISH_MESSAGES } from '../../../../shared/listing-publish-messages.ts';
import type { Photo } from '../../../../shared/schemas/listing-responses.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PhotoManager } from './photo-manager.tsx';
import { StepButtons } from './step-buttons.tsx';

type PhotosStepProps = {
  listingId: string;
  photos: Photo[];
  onPhotosChange: (photos: Photo[]) => void;
  onBack: () => void;
  onContinue: () => void;
};

/** Step 5: photos upload straight to the draft; at least one before the review. */
export function PhotosStep({
  listingId,
  photos,
  onPhotosChange,
  onBack,
  onContinue,
}: PhotosStepProps) {
  const [photosError, setPhotosError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-5">
      <PhotoManager
        listingId={listingId}
        photos={photos}
        onChange={(next) => {
          onPhotosChange(next);
          if (next.length > 0) setPhotosError(null);
        }}
      />
      {photosError ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {photosError}
        </p>
      ) : null}
      <StepButtons onBack={onBack}>
        <Button
          onClick={() => {
            if (photos.length === 0) {
              setPhotosError(PUBLISH_MESSAGES.photos);
              return;
            }
            onContinue();
          }}
        >
          Continue to review
        </Button>
      </StepButtons>
    </div>
  );
}
