import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AuthCard, TextLink } from '../../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { readChosenRole } from '../../../features/auth/chosen-role.ts';
import { paths } from '../../../lib/paths.ts';

const SUBTITLES = {
  parent: 'Sign in to share tonight’s stories with your kids.',
  grandparent: 'Sign in to record a story for your grandkids.',
  none: 'Sign in to your family’s story library.',
} as const;

export default function LoginRoute() {
  const chosenRole = readChosenRole();
  return (
    <>
      <PageTitle title="Sign In" />
      <AuthCard
        title="Welcome back"
        subtitle={SUBTITLES[chosenRole ?? 'none']}
        footer={
          <>
            Don&apos;t have an account? <TextLink to={paths.signup}>Sign up</TextLink>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </>
  );
}
