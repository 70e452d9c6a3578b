import { z } from 'zod';
import { text } from '../http/text.ts';
import { EMAIL_MAX_LENGTH, ISSUE_DESCRIPTION_MAX_LENGTH, ISSUE_TYPES } from '../constants.ts';
import { VALIDATION } from '../messages.ts';
import { EMAIL_PATTERN } from '../auth/auth.schema.ts';

export const issueReportBody = z.object({
  type: z.enum(ISSUE_TYPES),
  description: text({ error: VALIDATION.issueDescriptionRequired, multiline: true })
    .trim()
    .min(1, VALIDATION.issueDescriptionRequired)
    .max(ISSUE_DESCRIPTION_MAX_LENGTH, VALIDATION.tooLong(ISSUE_DESCRIPTION_MAX_LENGTH)),
  page: text().trim().min(1).max(500),
  email: text()
    .trim()
    .max(EMAIL_MAX_LENGTH, VALIDATION.tooLong(EMAIL_MAX_LENGTH))
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), VALIDATION.invalidEmail)
    .optional(),
});
export type IssueReportBody = z.input<typeof issueReportBody>;

export const issueReportCreated = z.object({ id: z.string() });

export const issueReportSchema = z.object({
  id: z.string(),
  type: z.enum(ISSUE_TYPES),
  description: z.string(),
  page: z.string(),
  email: z.string(),
  user_agent: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export const issueReportList = z.object({ reports: z.array(issueReportSchema) });
export type IssueReport = z.infer<typeof issueReportSchema>;

// Subject and body of the e-mail to site admins (decisions.md "Resolved ambiguities").
export function issueReportEmail(report: { type: string; page: string; email: string; description: string; time: Date; userAgent: string | null }) {
  return {
    subject: `Bug Report: ${report.type} - ${report.page}`,
    text: [
      `Type: ${report.type}`,
      `Page: ${report.page}`,
      `Email: ${report.email}`,
      `Description: ${report.description}`,
      `Time: ${report.time.toISOString()}`,
      `User agent: ${report.userAgent ?? 'unknown'}`,
    ].join('\n'),
  };
}
