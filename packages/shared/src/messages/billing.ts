// Plans, tokens and payments.
import { MONTHLY_ALLOWANCES } from '../constants.ts';

export const PAYMENT_TEXTS = {
  createPaymentFailed: 'Failed to create payment',
  purchased: (n: number, kind: 'share' | 'story') => `Successfully purchased ${n} ${kind} tokens`,
  checkoutFailed: 'Failed to create checkout session',
  portalFailed: 'Failed to open portal',
  alert: (message: string) => `Error: ${message}`,
  loadingSubscription: 'Loading subscription details...',
} as const;

// Billing: server answers not worded by the spec.
export const BILLING_MESSAGES = {
  cardDeclined: 'Your card was declined. Please use another card.',
  invalidCard: 'Please enter a valid card number',
  paymentNotFound: 'Payment not found',
  paymentSettled: 'This payment has already been completed',
  checkoutNotFound: 'Checkout session not found',
  localProviderOnly: 'This is only available in test mode',
  noSubscription: 'You have no paid plan to manage',
  trialUsed: 'This family has already used its free trial',
  onlyGoldGifts: 'Only Gold readers can gift story tokens',
  giftNotReader: 'You can only gift tokens to a family you read for',
  notPremiumBook: 'This book is not a premium book',
  shareTokensNote: 'Premium stories shared with other families use share tokens.',
  premiumRecordingNeedsPlan: 'Recording premium stories needs the Premium or Gold plan, unless a family requested the story.',
  paymentServiceUnavailable: 'The payment service could not be reached. Please try again in a moment.',
  invalidWebhookSignature: 'Invalid webhook signature',
} as const;

// Plans, tokens and payments in the web app: texts the spec leaves unnamed (section 6 feature lists,
// FAQ answers built from sections 6 and 9, the test-mode pages of decisions.md "Payments").
export const BILLING_TEXTS = {
  parentPlansTitle: 'Parent Plans',
  grandparentPlansTitle: 'Grandparent Plans',
  statusLoadFailed: 'Could not load your subscription details',
  planNames: { free: 'Free', premium: 'Premium', gold: 'Gold' },
  cancelAtPeriodEnd: (date: string) => `Your plan is cancelled and ends on ${date}. You keep all its features until then.`,
  renews: (date: string) => `Renews on ${date}`,
  upgraded: (plan: string) => `Welcome to ${plan}! Your plan is active.`,
  // A checkout for another plan while a paid one runs changes it in place (no second subscription).
  changeHeading: (plan: string) => `Change to ${plan}`,
  changeNote: (from: string, to: string, date: string, price: string) =>
    `Your plan changes from ${from} to ${to} now, and renews on ${date} at ${price} a month. Nothing is charged today.`,
  confirmChange: 'Confirm Change',
  planChanged: (plan: string) => `Your plan is now ${plan}.`,
  checkoutComplete: 'This checkout has already been paid.',
  checkoutLoadFailed: 'Could not load this checkout',
  testMode: 'TEST MODE',
  // Issue 24.5: on every signed-in page while the local provider is on (app/layout/test-mode-notice.tsx).
  testModeNoticeLabel: 'Test mode',
  testModeNotice: 'No real card is charged here.',
  testCheckoutNote: 'This is a test checkout inside Family Story Time. No real card is charged.',
  testPortalNote: 'This is the test customer portal inside Family Story Time. No real card is charged.',
  cancelConfirmTitle: 'Cancel your plan?',
  cancelConfirmBody: (plan: string, date: string) => `You keep ${plan} until ${date}. After that your account moves to the Free plan; your tokens stay yours.`,
  cancelled: (date: string) => `Your plan is cancelled. You keep it until ${date}.`,
  resumed: 'Your plan is back on and renews as usual.',
  portalFailed: 'Could not update your plan. Please try again.',
  purchaseTitle: 'Purchase Tokens',
  testCardNote: 'Pay with card 4242 4242 4242 4242, any future expiry date and any CVC. Card 4000 0000 0000 0002 is declined.',
  invalidExpiry: 'Please enter the expiry date as MM/YY',
  cardExpired: 'This card has expired. Please use a card with a future expiry date.',
  invalidCvc: 'Please enter the 3 or 4 digit CVC',
  unlocked: (title: string) => `“${title}” is unlocked. Enjoy the story!`,
  goldUnlocksFree: 'Gold members unlock every premium book for free.',
  // decisions.md: a gold grandparent's monthly story tokens can be gifted to a family they read for.
  giftButton: 'Gift Story Tokens',
  giftTitle: 'Gift Story Tokens',
  giftDescription: "Give some of your story tokens to a family you read for. They go to the family's admin, who can unlock premium books with them.",
  giftNoFamilies: 'You do not read for a family yet. Once a family has you as a reader, you can gift them story tokens.',
  giftNoTokens: 'You have no story tokens to gift right now. Gold adds more each month.',
  giftFamiliesLoadFailed: 'Could not load your families',
  giftFailed: 'Could not gift the tokens. Please try again.',
  giftAmountInvalid: (most: number) => `Please enter a whole number of tokens from 1 to ${most}`,
  gifted: (amount: number, family: string) => `You gifted ${amount} story ${amount === 1 ? 'token' : 'tokens'} to ${family}.`,
} as const;

/** The plan cards' feature lists of spec section 6; anyone other than a parent sees the grandparent set. */
export const PLAN_FEATURES = {
  parent: {
    free: [
      { text: 'Unlimited manual recordings', included: true },
      { text: 'Grandparents record videos', included: true },
      { text: 'Share with family', included: true },
      { text: 'No AI stories', included: false },
      { text: 'No premium library', included: false },
    ],
    premium: [
      { text: `${MONTHLY_ALLOWANCES.parent.premium.aiStories} AI stories a month`, included: true },
      { text: `${MONTHLY_ALLOWANCES.parent.premium.storyTokens} story tokens a month`, included: true },
      { text: 'Grandparent AI voice clone', included: true },
      { text: 'Premium library', included: true },
    ],
    gold: [
      { text: `${MONTHLY_ALLOWANCES.parent.gold.aiStories} AI stories a month`, included: true },
      { text: `${MONTHLY_ALLOWANCES.parent.gold.storyTokens} story tokens a month`, included: true },
      { text: 'Premium library', included: true },
      { text: 'Early access', included: true },
    ],
  },
  grandparent: {
    free: [
      { text: 'Unlimited manual recordings', included: true },
      { text: 'No share tokens', included: false },
      { text: 'No premium library', included: false },
      { text: 'No sharing to premium parents', included: false },
    ],
    premium: [
      { text: `${MONTHLY_ALLOWANCES.grandparent.premium.shareTokens} share tokens a month`, included: true },
      { text: 'Share to Premium parents only', included: true },
      { text: 'Premium library', included: true },
      { text: 'Record premium stories', included: true },
    ],
    gold: [
      { text: 'Unlimited share tokens', included: true },
      { text: 'Share to all parents', included: true },
      { text: `${MONTHLY_ALLOWANCES.grandparent.gold.storyTokens} story tokens a month`, included: true },
      { text: 'Early access', included: true },
    ],
  },
} as const;

export const BILLING_FAQ = [
  {
    question: 'Do my tokens expire?',
    answer: 'No. Story and share tokens never expire: unused tokens roll over to the next month, and so do tokens you buy.',
  },
  {
    question: 'Do unused AI stories roll over?',
    answer: 'No. AI story credits reset at the start of each monthly billing period and do not roll over.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel whenever you like with Manage Subscription. You keep your plan until the end of the billing period you paid for, then move to the Free plan.',
  },
  {
    question: 'What are story tokens?',
    answer: 'Story tokens unlock books in the Premium Library; each book shows how many tokens it needs. Gold members unlock every premium book for free.',
  },
  {
    question: 'What are share tokens?',
    answer:
      'Share tokens let grandparents share the premium stories they record with kids of other families. Premium readers get 10 a month; Gold readers have unlimited share tokens.',
  },
  {
    question: 'How much does sharing a premium story cost?',
    answer:
      'Sharing a premium story with a kid of another family costs 1 share token, or 2 for a family on the Free plan (Gold only). Sharing with the family that asked for the story is free.',
  },
] as const;
