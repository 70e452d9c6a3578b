import { useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AuthCard, TextLink } from '../../../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { paths } from '../../../lib/paths.ts';

export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <PageTitle title="Reset Password" />
      <AuthCard title="Choose a new password" footer={<TextLink to={paths.login}>Back to Sign In</TextLink>}>
        <ResetPasswordForm token={token} />
      </AuthCard>
    </>
  );
}
