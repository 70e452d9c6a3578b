// A session that ended while the app was open (it expired, or a password change elsewhere ended it): noted when
// the API first refuses it (app/query-client.ts), and told once by the sign-in page the guards send the user to.
let ended = false;

export function noteSessionEnded(): void {
  ended = true;
}

/** Whether a session ended since this was last asked (asking forgets it). */
export function takeSessionEnded(): boolean {
  const was = ended;
  ended = false;
  return was;
}
