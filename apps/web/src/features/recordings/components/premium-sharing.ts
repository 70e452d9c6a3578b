import { createContext, type ComponentType, type ReactNode } from 'react';
import type { PlanType } from '@fst/shared/constants';

/** The signed-in reader's plan and share-token balance, as far as the page knows them yet. */
export type ShareAccount =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      plan: PlanType;
      /** Share tokens left; the unlimited sentinel (999999) on gold. */
      shareTokens: number;
      /** Refetches balances and plans wherever they show, after a spend. */
      refresh: () => void;
    };

/**
 * What premium recording and sharing need of plans and tokens (spec section 5): the reader's plan and
 * share tokens, and their balance with a way to get more. Plans and tokens belong to the billing
 * feature, so the app provides these (decision 006); without them the recorder and the assignment
 * show no costs and the server alone decides.
 */
export type PremiumSharing = {
  /** Render prop: calls `children` with the account, again whenever it changes. */
  ShareAccount: ComponentType<{ children: (account: ShareAccount) => ReactNode }>;
  /** The share-token balance, with Buy Tokens for premium members or the plans for free ones. */
  ShareBalance: ComponentType;
};

export const PremiumSharingContext = createContext<PremiumSharing | null>(null);
