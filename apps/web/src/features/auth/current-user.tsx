import { createContext, use, type ReactNode } from 'react';
import type { User } from '@fst/shared/auth/auth.schema';

// Set by the auth guard. Pages keep the last user while a sign-out redirects them away,
// instead of failing in the moment the session turns empty.
const CurrentUserContext = createContext<User | null>(null);

export function CurrentUserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user; only for components rendered behind the auth guard. */
export function useCurrentUser(): User {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser needs a signed-in user (render it behind RequireAuth)');
  return user;
}
