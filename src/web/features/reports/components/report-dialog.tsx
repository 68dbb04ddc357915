import { useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { ReportForm } from './report-form.tsx';
import { type ReportTarget, reportNoun } from './report-target.ts';

type ReportDialogProps = { target: ReportTarget; onClose: () => void };

/** The report form in a modal dialog (loaded only when someone opens it). */
export default function ReportDialog({ target, onClose }: ReportDialogProps) {
  const [pending, setPending] = useState(false);
  const noun = reportNoun(target);
  return (
    <ModalDialog
      title={`Report this ${noun}`}
      description={
        noun === 'listing'
          ? 'Tell us what looks wrong. We check listings for scams, wrong details and discrimination.'
          : 'Tell us what happened in this conversation. Our team can read it to check the report.'
      }
      onClose={onClose}
      busy={pending}
      testId="report-dialog"
    >
      <ReportForm
        target={target}
        onDone={onClose}
        onCancel={onClose}
        onPendingChange={setPending}
      />
    </ModalDialog>
  );
}
