import { APP_TEXTS } from '@fst/shared/messages';

/**
 * Under a form rendered ahead (decision 008) whose submit waits for the app: said only when the app has not
 * started seconds after the page painted (its script did not arrive: a lost connection, or a new version
 * deployed since the page came), where the disabled button alone would leave the visitor stuck. Shown by
 * CSS (`show-when-late`), so it needs no script; render it only until the app has taken the page over.
 */
export function LateStartHint() {
  return <p className="show-when-late text-base text-ink-soft">{APP_TEXTS.appNotStarted}</p>;
}
