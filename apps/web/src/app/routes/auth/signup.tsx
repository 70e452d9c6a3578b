import { DELETION_TEXTS } from '@fst/shared/messages';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AuthCard, TextLink } from '../../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';
import { JoinFamilyModal } from '../../../features/families/components/join-family-modal.tsx';
import { paths } from '../../../lib/paths.ts';

export default function SignupRoute() {
  return (
    <>
      <PageTitle title="Sign Up" />
      <AuthCard
        title="Create your account"
        subtitle="It’s free. Bedtime stories in the voices your family loves."
        footer={
          <>
            Already have an account? <TextLink to={paths.login}>Sign in</TextLink>
            <span className="mt-3 block">
              {DELETION_TEXTS.signupPrivacy} <TextLink to={paths.privacy}>{DELETION_TEXTS.privacyLink}</TextLink>
            </span>
          </>
        }
      >
        {/* Spec section 2: a new grandparent first sees Join Your Family, then their dashboard. */}
        <SignupForm grandparentWelcome={(onDone) => <JoinFamilyModal open onClose={onDone} />} />
      </AuthCard>
    </>
  );
}
