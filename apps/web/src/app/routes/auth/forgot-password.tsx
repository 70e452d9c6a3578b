import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AuthCard, TextLink } from '../../../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { paths } from '../../../lib/paths.ts';

export default function ForgotPasswordRoute() {
  return (
    <>
      <PageTitle title="Forgot Password" />
      <AuthCard
        title="Forgot your password?"
        subtitle="Enter your email and we’ll send you a link to choose a new one."
        footer={<TextLink to={paths.login}>Back to Sign In</TextLink>}
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
