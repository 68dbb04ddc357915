import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { Page } from './page.tsx';
import { PageHeader } from './page-header.tsx';

type ComingSoonProps = {
  title: string;
  description?: string;
  /** What the empty state says is on its way. */
  children?: ReactNode;
  action?: ReactNode;
};

/** A page whose feature belongs to a later issue: its heading and an honest empty state. */
export function ComingSoon({ title, description, children, action }: ComingSoonProps) {
  return (
    <Page title={title}>
      <PageHeader title={title} description={description} />
      <EmptyState title="Coming soon" action={action}>
        {children ?? <p>This part of Stoop is being built. Check back soon.</p>}
      </EmptyState>
    </Page>
  );
}
