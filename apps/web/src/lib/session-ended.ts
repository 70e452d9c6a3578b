// A session that ended while the app was open (it expired, or a password change elsewhere ended it): noted when
// the API first refuses it (app/query-client.ts), told by the sign-in page the guards send the user to, and
// forgotten once they have signed in again.
let ended = false;

export function noteSessionEnded(): void {
  ended = true;
}

/** Whether a session ended while the app was open, and no one has signed in since. */
export const sessionEnded = (): boolean => ended;

export function forgetSessionEnded(): void {
  ended = false;
}
