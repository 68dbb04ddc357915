import { SEARCH_TERM_MAX_LENGTH } from '../../../../shared/constants.ts';
import { SearchBox } from '../../../components/ui/search-box.tsx';

/** The apartments' free-text box: stops at 100 characters and says so (docs/spec.md §5). */
export function SearchTextBox({
  value,
  onSubmit,
}: {
  value: string;
  onSubmit: (q: string) => void;
}) {
  return (
    <SearchBox
      label="Search apartments"
      placeholder="Neighborhood, street or keyword"
      value={value}
      onSearch={onSubmit}
      maxLength={SEARCH_TERM_MAX_LENGTH}
      announceLimit
      buttonVariant="primary"
    />
  );
}
