import { Link, useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { dashboardPath, greeting } from '@fst/shared/auth/auth.rules';
import { AUTH_ERRORS } from '@fst/shared/messages';
import { BookIcon, CardIcon, ChevronDownIcon, FlagIcon, LogOutIcon, SettingsIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { paths } from '../../lib/paths.ts';
import { reportSlotRef } from '../../lib/report-slot.ts';
import { hourNow } from '../../lib/view.ts';
import { notify } from '../../lib/toast.ts';

const itemClasses =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 text-base font-medium text-ink outline-none ' +
  'data-highlighted:bg-brand-soft data-highlighted:text-brand-dark data-disabled:opacity-60';

/** The header bar of signed-in pages (spec section 2): logo, greeting and the settings menu. */
export function AppHeader() {
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
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur">
      <div className="mx-auto grid max-w-6xl grid-cols-[auto_1fr_auto] items-center gap-x-4 px-6 py-3 mobile:grid-cols-[1fr_auto_auto] mobile:gap-x-2 mobile:gap-y-0.5 mobile:px-4 mobile:py-2">
        <Link
          to={dashboardPath(user.role)}
          className="inline-flex items-center gap-2 justify-self-start rounded-full font-display text-2xl font-bold text-brand-dark mobile:text-xl"
        >
          <BookIcon className="text-brand" />
          Family Story Time
        </Link>
        <p className="min-w-0 truncate justify-self-end text-base text-ink-soft mobile:col-start-1 mobile:row-start-2 mobile:justify-self-start">
          {greeting(hourNow())}, <span className="font-semibold text-ink">{user.first_name}</span>
        </p>
        {/* On a phone the Report Issue button sits here, in a header that stays at the top, covering nothing (issue 22.6). */}
        <span ref={reportSlotRef} aria-hidden className="hidden size-12 mobile:col-start-2 mobile:row-span-2 mobile:row-start-1 mobile:block" />
        <div className="mobile:col-start-3 mobile:row-span-2 mobile:row-start-1">
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-line-strong bg-paper px-4 text-base font-semibold text-ink hover:border-brand/60 data-[state=open]:border-brand mobile:px-3">
              <SettingsIcon />
              <span className="mobile:sr-only">Settings</span>
              <ChevronDownIcon className="mobile:hidden" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={8}
                className="animate-fade-in z-40 min-w-60 rounded-2xl border border-line bg-paper p-2 shadow-card"
              >
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
        </div>
      </div>
    </header>
  );
}
