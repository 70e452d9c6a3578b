import { startTransition, useEffect, useState } from 'react';

/**
 * True once `ready` has been: flipped in a transition, so React renders what it reveals (a whole
 * dashboard arriving at once) in slices between frames instead of one long task that blocks taps.
 */
export function useRevealed(ready: boolean): boolean {
  const [revealed, setRevealed] = useState(ready);
  useEffect(() => {
    if (ready && !revealed) startTransition(() => setRevealed(true));
  }, [ready, revealed]);
  return revealed;
}
