// Whether this browser was paired as a kid device (docs/decisions/018): once its session is gone (the device
// was removed), the app goes back to /pair rather than to the parents' sign-in. Cleared when a parent signs in.
const KEY = 'fst_kid_device';

export function markKidDevice(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the app then goes to sign-in, as for anyone signed out.
  }
}

export function wasKidDevice(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
