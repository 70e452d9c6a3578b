import { dashboardPath } from '@fst/shared/auth/auth.rules';
import { isParentRole } from '@fst/shared/families/families.rules';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { familyDevicesQueryOptions } from '../../features/devices/api/devices-api.ts';
import { KidDevicesCard } from '../../features/devices/components/kid-devices-card.tsx';
import { SetUpDeviceModal } from '../../features/devices/components/set-up-device-modal.tsx';
import { familyActivityQueryOptions } from '../../features/families/api/family-controls.ts';
import { FamilyPage, type FamilyDeviceSlots } from '../../features/families/components/family-page.tsx';
import { pickCurrentFamily, rememberedFamilyId } from '../../features/families/current-family.ts';
import { familyQueryOptions } from '../../lib/api/families/get-family.ts';
import { myFamiliesQueryOptions } from '../../lib/api/families/get-my-families.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import type { PagePrefetch } from '../lazy-page.tsx';

/**
 * The families, then the current family's details, its devices for its parents and its first page of activity
 * for its admin, asked for by the page's loader (lazy-page.tsx `loadPage`).
 */
export const prefetch: PagePrefetch = async (client) => {
  const mine = await prefetchForPage(client, myFamiliesQueryOptions());
  const family = mine && pickCurrentFamily(mine.families, rememberedFamilyId());
  if (!family) return;
  await Promise.all([
    prefetchForPage(client, familyQueryOptions(family.id)),
    isParentRole(family.my_role) ? prefetchForPage(client, familyDevicesQueryOptions(family.id)) : undefined,
    family.my_role === 'admin' ? prefetchForPage(client, familyActivityQueryOptions(family.id, 1)) : undefined,
  ]);
};

// The family page with the kid devices' parts (issue 26).
const devices: FamilyDeviceSlots = {
  devicesCard: (familyId) => <KidDevicesCard familyId={familyId} />,
  setUpDialog: (familyId, kid, onClose) => <SetUpDeviceModal familyId={familyId} kid={kid} onClose={onClose} />,
};

export default function FamilyRoute() {
  const user = useCurrentUser();
  return (
    <>
      <PageTitle title="Your Family" />
      <FamilyPage accountRole={user.role} userId={user.id} backTo={dashboardPath(user.role)} devices={devices} />
    </>
  );
}
