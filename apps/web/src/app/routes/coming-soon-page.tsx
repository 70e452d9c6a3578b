import type { ReactNode } from 'react';
import { dashboardPath } from '@fst/shared/auth/auth.rules';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ComingSoonCard } from '../../components/ui/coming-soon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';

/** A signed-in page whose feature is still being built: a friendly card and a way back. */
export function ComingSoonPage({ title, description }: { title: string; description: ReactNode }) {
  const user = useCurrentUser();
  return (
    <div className="mx-auto max-w-2xl px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title={title} />
      <h1 className="mb-6 text-3xl font-bold mobile:text-2xl">{title}</h1>
      <ComingSoonCard
        description={description}
        action={
          <ButtonLink to={dashboardPath(user.role)} variant="secondary">
            Back to my dashboard
          </ButtonLink>
        }
      />
    </div>
  );
}
