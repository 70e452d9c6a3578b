import { dashboardPath } from '@fst/shared/auth/auth.rules';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { FamilyPage } from '../../features/families/components/family-page.tsx';

export default function FamilyRoute() {
  const user = useCurrentUser();
  return (
    <>
      <PageTitle title="Your Family" />
      <FamilyPage accountRole={user.role} backTo={dashboardPath(user.role)} />
    </>
  );
}
