import { createContext, type ComponentType } from 'react';

/**
 * What the Generate AI Reading panel shows of plans (spec section 6: AI reading needs a subscription):
 * the Subscribe Now prompt for users on the free plan. Plans belong to the billing feature, so the app
 * provides it (decision 006); without it the panel shows no prompt.
 */
export type AiReadingParts = {
  SubscribePrompt: ComponentType;
};

export const AiReadingPartsContext = createContext<AiReadingParts | null>(null);
