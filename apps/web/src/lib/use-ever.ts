import { useState } from 'react';

/** True from the first render where `value` is true on: a part loaded on first use stays mounted after. */
export function useEver(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
