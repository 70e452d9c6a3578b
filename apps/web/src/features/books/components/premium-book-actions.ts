import { createContext, type ComponentType } from 'react';
import type { Book } from '@fst/shared/books/books.schema';

export type PremiumBookSummary = Pick<Book, 'id' | 'title' | 'token_cost'>;

/**
 * What the premium library shows about tokens: the caller's balance with a way to get more, and the
 * unlock action of a locked book. Plans and tokens belong to the billing feature, so the app provides
 * these (style.md: features meet through injection, not imports); without them the library only lists.
 */
export type PremiumBookActions = {
  Balance: ComponentType;
  Unlock: ComponentType<{ book: PremiumBookSummary }>;
};

export const PremiumBookActionsContext = createContext<PremiumBookActions | null>(null);
