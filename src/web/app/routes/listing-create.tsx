import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { FullPageStatus } from '../../components/ui/full-page-status.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import {
  fetchOwnListing,
  landlordListingsQueryKey,
} from '../../features/listing-editor/api/listing-editor-api.ts';
import { ListingForm } from '../../features/listing-editor/components/listing-form.tsx';
import { errorMessage } from '../../lib/api-client.ts';

/** /listings/create (and ?id= to continue a draft or edit a listing). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = params.get('id');
  // The id of a draft this page just created is not loaded again (the form already has it).
  const existing = useQuery({
    queryKey: ['listing-editor', id],
    queryFn: () => (id === null ? null : fetchOwnListing(id)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const editing = id !== null && existing.data != null;
  return (
    <Page title={editing ? 'Edit listing' : 'New listing'}>
      <PageHeader
        title={editing ? 'Edit listing' : 'New listing'}
        description="List an apartment on Stoop, free of charge. Your draft is saved at every step."
      />
      {existing.isPending ? (
        <FullPageStatus message="Loading listing..." />
      ) : existing.isError ? (
        <Alert>{errorMessage(existing.error)}</Alert>
      ) : (
        <ListingForm
          listing={existing.data}
          onCreated={(newId) => {
            queryClient.setQueryData(['listing-editor', newId], null);
            setParams({ id: newId }, { replace: true });
          }}
          onPublished={(listing) => {
            void queryClient.invalidateQueries({ queryKey: landlordListingsQueryKey });
            void queryClient.invalidateQueries({ queryKey: ['listings'] });
            toast.success('Your listing is live.');
            navigate(paths.listing.href(listing.id));
          }}
        />
      )}
    </Page>
  );
}
