import { Link } from 'react-router';

type CorrectedQueryNoticeProps = {
  /** The words the results are for (the answer's `correctedQuery`). */
  corrected: string;
  /** The words as typed. */
  original: string;
  /** The same search with `exact=1`: the typed words, uncorrected. */
  insteadHref: string;
};

/** "Showing results for williamsburg. Search instead for wiliamsburg" after a typo correction. */
export function CorrectedQueryNotice({
  corrected,
  original,
  insteadHref,
}: CorrectedQueryNoticeProps) {
  return (
    <p className="text-sm text-stone-700" data-testid="corrected-query">
      Showing results for <strong className="font-semibold text-stone-900">{corrected}</strong>.{' '}
      <Link
        to={insteadHref}
        preventScrollReset
        className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        Search instead for <span className="italic">{original}</span>
      </Link>
    </p>
  );
}
