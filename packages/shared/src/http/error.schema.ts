import { z } from 'zod';

// The one error shape of every API answer (style.md rule 7).
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
export const okResponse = z.object({ ok: z.literal(true) });
