import { dashboardPath } from '@fst/shared/auth/auth.rules';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { KidDevicesCard } from '../../features/devices/components/kid-devices-card.tsx';
import { SetUpDeviceModal } from '../../features/devices/components/set-up-device-modal.tsx';
import { FamilyPage, type FamilyDeviceSlots } from '../../features/families/components/family-page.tsx';

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
