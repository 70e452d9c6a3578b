// The API contract of story requests, the queue (spec sections 3 "Queue request", 5 and 7 "Queue";
// decisions.md "Resolved ambiguities": premium requests).
import { z } from 'zod';
import { QUEUE_REQUEST_STATUSES, QUEUE_REQUEST_TYPES } from '../constants.ts';
import { REQUEST_SERVER_MESSAGES, VALIDATION } from '../messages.ts';
import { idParam } from '../families/families.schema.ts';

export const queueRequestTypeSchema = z.enum(QUEUE_REQUEST_TYPES, { error: REQUEST_SERVER_MESSAGES.typeInvalid });

/**
 * `POST /api/queue/request-story`, by a parent of the kid's family. `type` defaults to `requested`. A
 * request of a premium book is premium whatever `is_premium` says (the server decides from the book).
 */
export const requestStoryBody = z.object({
  kid_id: z.uuid({ error: VALIDATION.selectChildFirst }),
  book_id: z.uuid({ error: VALIDATION.selectBookAndReader }),
  reader_id: z.uuid({ error: VALIDATION.selectBookAndReader }),
  type: queueRequestTypeSchema.default('requested'),
  is_premium: z.boolean({ error: REQUEST_SERVER_MESSAGES.premiumFlagInvalid }).default(false),
});
export type RequestStoryBody = z.input<typeof requestStoryBody>;

/** A story request (spec section 3 "Queue request"), with what the screens show of it. */
export const queueItemSchema = z.object({
  id: z.string(),
  book_id: z.string(),
  kid_id: z.string(),
  reader_id: z.string(),
  type: queueRequestTypeSchema,
  is_premium: z.boolean(),
  status: z.enum(QUEUE_REQUEST_STATUSES),
  created_at: z.string(),
  book: z.object({ id: z.string(), title: z.string(), author: z.string(), description: z.string(), is_premium: z.boolean(), token_cost: z.number().int() }),
  kid: z.object({ id: z.string(), name: z.string(), first_name: z.string(), family_id: z.string(), family_name: z.string() }),
  requested_by: z.object({ id: z.string().nullable(), name: z.string() }),
  reader: z.object({ id: z.string(), name: z.string(), first_name: z.string(), last_name: z.string() }),
  /** Whether the caller may cancel it (the requester or the family admin). */
  can_cancel: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** `GET /api/queue/for-reader` and `GET /api/queue/kid/{kidId}`: pending requests, oldest first. */
export const queueListResponse = z.object({ requests: z.array(queueItemSchema) });
/** `POST /api/queue/request-story`: 201 with the new request (200 with the pending one when asked twice). */
export const queueItemResponse = z.object({ request: queueItemSchema });

export const queueKidParams = z.object({ kidId: idParam });
export const queueRequestParams = z.object({ id: idParam });
