import { startTransition, useEffect, useState, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { dashboardPath, greeting } from '@fst/shared/auth/auth.rules';
import { APP_TEXTS } from '@fst/shared/messages';
import { BookIcon } from '../../components/ui/icons.tsx';
import { LazyBoundary, loadFailedText, retryableLazy } from '../../components/lazy-part.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { reportSlotRef } from '../../lib/report-slot.ts';
import { hourNow } from '../../lib/view.ts';
import { SettingsLabel, settingsTriggerClasses } from './settings-trigger.tsx';

// The menu (Radix and its positioning, about a third of the layout's code) downloads once the page has drawn.
const settingsMenu = retryableLazy<{ defaultOpen: boolean }>(() => import('./settings-menu.tsx').then((m) => ({ default: m.SettingsMenu })));

/** The header bar of signed-in pages (spec section 2): logo, greeting and the settings menu. */
export function AppHeader() {
  const user = useCurrentUser();

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper">
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
          <HeaderSettings />
        </div>
      </div>
    </header>
  );
}

/**
 * The settings menu, its code asked for after the page's first paint. Until it is in, the same button shows;
 * a click on it then opens the menu as soon as it arrives. A download that failed is tried again on the next
 * click or once back online, and a click meanwhile says why nothing opened.
 */
function HeaderSettings() {
  const [menu, setMenu] = useState<'later' | 'load' | 'open'>('later');
  // In a transition: an update from an effect is drawn at once, and would break into the page's own transition.
  useEffect(() => startTransition(() => setMenu((was) => (was === 'later' ? 'load' : was))), []);
  const button = (onClick: () => void, onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void) => (
    <button type="button" aria-haspopup="menu" aria-expanded={false} className={settingsTriggerClasses} onClick={onClick} onPointerDown={onPointerDown}>
      <SettingsLabel />
    </button>
  );
  const open = () => setMenu('open');
  // Taken at the press, as the menu's own button does: should the code arrive between the press and the
  // release, the click would reach the menu's button, which opens on a press only, and be lost.
  const openOnPress = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button === 0 && !event.ctrlKey) open();
  };
  if (menu === 'later') return button(open, openOnPress);
  return (
    <div className="relative">
      <LazyBoundary
        part={settingsMenu}
        props={{ defaultOpen: menu === 'open' }}
        loading={button(open, openOnPress)}
        failed={(retry) => (
          <>
            {button(() => {
              open();
              retry();
            })}
            {menu === 'open' ? (
              <p role="status" className="absolute right-0 top-full z-40 mt-2 w-64 rounded-2xl border border-line bg-paper p-3 text-sm text-ink shadow-card">
                {loadFailedText(APP_TEXTS.chunkLoadFailed)}
              </p>
            ) : null}
          </>
        )}
      />
    </div>
  );
}
