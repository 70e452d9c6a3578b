import { DEVICE_TEXTS } from '@fst/shared/messages';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { AuthCard, TextLink } from '../../features/auth/components/auth-card.tsx';
import { PairForm } from '../../features/devices/components/pair-form.tsx';
import { paths } from '../../lib/paths.ts';

/** `/pair` (issue 26): this browser becomes one kid's device. */
export default function PairRoute() {
  return (
    <>
      <PageTitle title="Pair a Device" />
      <AuthCard title={DEVICE_TEXTS.pairTitle} subtitle={DEVICE_TEXTS.pairIntro} footer={<TextLink to={paths.login}>A parent? Sign in</TextLink>}>
        <PairForm />
      </AuthCard>
    </>
  );
}
