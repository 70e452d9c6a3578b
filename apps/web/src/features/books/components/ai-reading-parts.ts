import { createContext, type ComponentType } from 'react';

/**
 * What the Generate AI Reading panel shows of plans (spec section 6: AI reading needs a subscription):
 * the Subscribe Now prompt for users on the free plan. Plans belong to the billing feature, so the app
 * provides it (decision 006); without it the panel shows no prompt.
 */
export type AiReadingParts = {
  SubscribePrompt: ComponentType;
  /**
   * The generation form of the book shown (pick a reader and a kid, generate, create a voice clone),
   * from the narration feature; the book page provides it for parents only. Without it the panel only explains.
   */
  Generate?: ComponentType | undefined;
};

export const AiReadingPartsContext = createContext<AiReadingParts | null>(null);
