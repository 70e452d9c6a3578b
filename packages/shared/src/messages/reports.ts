// The Report Issue button and its dialog (spec section 2: every route).
export const REPORT_TEXTS = {
  title: 'Report an Issue',
  button: 'Report Issue',
  emailNote: "We'll only use this to follow up if needed",
  failed: 'Unable to send bug report. Please try again or contact us directly.',
  success: 'Bug report submitted successfully! Thank you for helping us improve.',
} as const;
