// Every user-visible text of spec sections 5 and 8, verbatim (decisions.md fixes the password texts).
// One module per area, so a web page's chunk carries only the texts it shows (the bundler places each module
// with the code that imports it); imported from here as before.
export * from './messages/validation.ts';
export * from './messages/common.ts';
export * from './messages/auth.ts';
export * from './messages/privacy.ts';
export * from './messages/families.ts';
export * from './messages/family-controls.ts';
export * from './messages/dashboards.ts';
export * from './messages/books.ts';
export * from './messages/recordings.ts';
export * from './messages/narration.ts';
export * from './messages/billing.ts';
export * from './messages/requests.ts';
export * from './messages/playback.ts';
export * from './messages/devices.ts';
export * from './messages/reports.ts';
export * from './messages/admin.ts';
