import { ChevronDownIcon, SettingsIcon } from '../../components/ui/icons.tsx';

export const settingsTriggerClasses =
  'inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-line-strong bg-paper px-4 text-base font-semibold text-ink ' +
  'hover:border-brand/60 data-[state=open]:border-brand mobile:px-3';

/** What the settings menu's button shows, the same before and after the menu's code is in. */
export function SettingsLabel() {
  return (
    <>
      <SettingsIcon />
      <span className="mobile:sr-only">Settings</span>
      <ChevronDownIcon className="mobile:hidden" />
    </>
  );
}
