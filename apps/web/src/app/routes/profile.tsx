import { isParentRole } from '@fst/shared/families/families.rules';
import { PROFILE_TEXTS } from '@fst/shared/messages';
import { Card } from '../../components/ui/card.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { sessionRole, useSession } from '../../lib/api/auth/get-me.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import { profileQueryOptions, useProfile } from '../../features/auth/api/get-profile.ts';
import { DownloadMyDataCard } from '../../features/auth/components/download-my-data-card.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { DeleteAccountCard } from '../../features/auth/components/delete-account-card.tsx';
import { ProfileForm } from '../../features/auth/components/profile-form.tsx';
import { NotificationSettingsCard } from '../../features/playback/components/notification-settings-card.tsx';
import { VoiceConsentSwitch } from '../../features/narration/components/voice-consent-switch.tsx';
import { consentQueryOptions } from '../../features/narration/api/get-consent.ts';
import { notificationSettingsQueryOptions } from '../../features/playback/api/get-notification-settings.ts';
import type { PagePrefetch } from '../lazy-page.tsx';

/** The profile, the e-mail notices and a reader's voice consent, asked for by the page's loader (lazy-page.tsx `loadPage`). */
export const prefetch: PagePrefetch = (client) =>
  Promise.all([
    prefetchForPage(client, profileQueryOptions()),
    prefetchForPage(client, notificationSettingsQueryOptions()),
    sessionRole(client).then((role) => (role === 'grandparent' ? prefetchForPage(client, consentQueryOptions()) : undefined)),
  ]);

export default function ProfileRoute() {
  const profile = useProfile();
  const session = useSession().data;
  // Readers hear of story requests, parents of new stories; someone who is both sees both switches.
  const families = session?.families ?? [];
  const isReader = session?.user.role === 'grandparent' || families.some((f) => f.my_role === 'reader');
  const isParent = session?.user.role === 'parent' || families.some((f) => isParentRole(f.my_role));
  return (
    <div className="mx-auto max-w-2xl px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Manage Profile" />
      <h1 className="mb-6 text-3xl font-bold mobile:text-2xl">Manage Profile</h1>
      {/* The cards come together once the profile is in: its loading view in the first card was taller than
          the form, and the cards below moved up when it came. */}
      {profile.isPending ? (
        <LoadingScreen label="Loading your profile…" />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <section aria-labelledby="profile-heading">
              <h2 id="profile-heading" className="mb-5 text-2xl font-bold">
                Profile
              </h2>
              {profile.isError ? (
                <RetryAlert label="Retry" onRetry={() => void profile.refetch()}>
                  {PROFILE_TEXTS.loadFailed}
                </RetryAlert>
              ) : null}
              {profile.isSuccess ? <ProfileForm profile={profile.data} /> : null}
            </section>
          </Card>
          <Card>
            <section aria-labelledby="password-heading">
              <h2 id="password-heading" className="mb-2 text-2xl font-bold">
                Change Password
              </h2>
              <p className="mb-5 text-base text-ink-soft">{PROFILE_TEXTS.passwordNote}</p>
              <ChangePasswordForm />
            </section>
          </Card>
          <NotificationSettingsCard showStoryRequested={isReader} showNewStory={isParent} />
          {/* Only reader accounts may allow an AI voice of their readings (decisions.md "AI narration"). */}
          {session?.user.role === 'grandparent' ? <VoiceConsentSwitch /> : null}
          <DownloadMyDataCard />
          <DeleteAccountCard />
        </div>
      )}
    </div>
  );
}
