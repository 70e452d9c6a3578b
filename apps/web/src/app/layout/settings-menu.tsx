import { Link, useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { AUTH_ERRORS } from '@fst/shared/messages';
import { BookIcon, CardIcon, FlagIcon, LogOutIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { paths } from '../../lib/paths.ts';
import { notify } from '../../lib/toast.ts';
import { SettingsLabel, settingsTriggerClasses } from './settings-trigger.tsx';

const itemClasses =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 text-base font-medium text-ink outline-none ' +
  'data-highlighted:bg-brand-soft data-highlighted:text-brand-dark data-disabled:opacity-60';

/** The header's settings menu (spec section 2): profile, subscription, the admin's pages, Log Out. */
export function SettingsMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();

  const onLogout = async () => {
    try {
      await logout.mutateAsync();
      void navigate(paths.login, { replace: true });
    } catch {
      notify.error(AUTH_ERRORS.logout);
    }
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={settingsTriggerClasses}>
        <SettingsLabel />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="animate-fade-in z-40 min-w-60 rounded-2xl border border-line bg-paper p-2 shadow-card">
          <DropdownMenu.Label className="px-3 py-2 text-sm text-ink-soft">
            Signed in as <span className="font-semibold text-ink">{user.first_name}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to={paths.profile}>
              <UserIcon /> Manage Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to={paths.subscription}>
              <CardIcon /> Manage Subscription
            </Link>
          </DropdownMenu.Item>
          {user.is_admin ? (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to={paths.adminBooks}>
                <BookIcon /> Manage books
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {user.is_admin ? (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to={paths.adminIssues}>
                <FlagIcon /> Issue reports
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClasses} disabled={logout.isPending} onSelect={() => void onLogout()}>
            <LogOutIcon /> Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
