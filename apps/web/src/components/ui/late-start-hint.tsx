import { APP_TEXTS } from '@fst/shared/messages';

/**
 * Under a form rendered ahead (decision 008) whose submit waits for the app: said only when the app has not
 * started seconds after the page painted (its script did not arrive: a lost connection, or a new version
 * deployed since the page came), where the disabled button alone would leave the visitor stuck. Shown by
 * CSS (`show-when-late`), so it needs no script. Once the app has taken the page over (`started`), an empty
 * box of no height keeps its place in the form's spacing, so the form below does not move.
 */
export function LateStartHint({ started }: { started: boolean }) {
  if (started) return <div aria-hidden="true" />;
  return <p className="show-when-late text-base text-ink-soft">{APP_TEXTS.appNotStarted}</p>;
}
