import type { z } from 'zod';
import type { PlanType } from '@fst/shared/constants';
import { canRequestPremium } from '@fst/shared/billing/billing.rules';
import { isFamilyAdmin } from '@fst/shared/families/families.rules';
import { RECORDING_TEXTS, REQUEST_SERVER_MESSAGES } from '@fst/shared/messages';
import type { QueueItem, requestStoryBody } from '@fst/shared/requests/requests.schema';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import type { FamilyAccess } from '../families/families.access.ts';
import type { RequestsRepository } from './requests.repository.ts';

/** What billing answers about premium requests (decisions.md "Resolved ambiguities": premium requests). */
export type RequestPremium = {
  planOf(userId: string): Promise<PlanType>;
  hasUnlocked(userId: string, bookId: string): Promise<boolean>;
};

/** What happened when a reader's recording reached kids: their pending requests of that book are done. */
export type RecordedStory = { readerId: string; bookId: string; kidIds: readonly string[]; recordingId: string };

type Deps = {
  requests: RequestsRepository;
  access: FamilyAccess;
  premium: RequestPremium;
  clock: Clock;
  /** Told of each new pending request (the reader's e-mail notice); it must not fail the request. */
  onRequested?: (requestId: string) => Promise<void>;
};

type ListRow = Awaited<ReturnType<RequestsRepository['listPending']>>[number];

export function createRequestsService(deps: Deps) {
  const { requests, access } = deps;

  const present = (row: ListRow, canCancel: (row: ListRow) => boolean): QueueItem => {
    const r = row.request;
    return {
      id: r.id,
      book_id: r.bookId,
      kid_id: r.kidId,
      reader_id: r.readerId,
      type: r.type,
      is_premium: r.isPremium,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      book: {
        id: row.book.id,
        title: row.book.title,
        author: row.book.author,
        description: row.book.description,
        is_premium: row.book.isPremium,
        token_cost: row.book.isPremium ? row.book.tokenCost : 0,
      },
      kid: { id: row.kid.id, name: row.kid.firstName, first_name: row.kid.firstName, family_id: row.kid.familyId, family_name: row.familyName },
      requested_by: { id: r.requestedBy, name: row.requester ? `${row.requester.firstName} ${row.requester.lastName}`.trim() : '' },
      reader: {
        id: row.reader.id,
        name: `${row.reader.firstName} ${row.reader.lastName}`.trim(),
        first_name: row.reader.firstName,
        last_name: row.reader.lastName,
      },
      can_cancel: canCancel(row),
    };
  };

  /** The kid and the caller's role in its family; outsiders and unknown kids get 404. */
  const kidFor = (session: SessionUser, kidId: string) => access.requireKidMember(kidId, session.user.id);

  return {
    /** `GET /api/queue/for-reader`: pending requests to the caller, in the families they read for. */
    async forReader(session: SessionUser): Promise<{ requests: QueueItem[] }> {
      const rows = await requests.listPending({ readerId: session.user.id });
      return { requests: rows.map((row) => present(row, (r) => r.request.requestedBy === session.user.id)) };
    },

    /** `GET /api/queue/kid/{kidId}`: the kid's pending requests, for members of the kid's family. */
    async forKid(session: SessionUser, kidId: string): Promise<{ requests: QueueItem[] }> {
      const { role } = await kidFor(session, kidId);
      const rows = await requests.listPending({ kidId });
      return { requests: rows.map((row) => present(row, (r) => isFamilyAdmin(role) || r.request.requestedBy === session.user.id)) };
    },

    /**
     * `POST /api/queue/request-story`: a parent of the kid's family asks one of its readers for a book.
     * A premium book needs it unlocked by the parent, or gold; the request costs nothing. Asking again
     * while a request is pending answers that one.
     */
    async requestStory(session: SessionUser, body: z.output<typeof requestStoryBody>): Promise<{ request: QueueItem; created: boolean }> {
      const { kid } = await kidFor(session, body.kid_id);
      const { role } = await access.requireParent(kid.familyId, session.user.id);
      if ((await requests.roleIn(kid.familyId, body.reader_id)) !== 'reader') {
        throw fieldError('reader_id', REQUEST_SERVER_MESSAGES.readerNotFound, 'not_found');
      }
      const book = await requests.findBook(body.book_id);
      if (!book) throw fieldError('book_id', RECORDING_TEXTS.bookNotFound, 'not_found');
      // A request of a premium book is premium; the flag cannot make a regular book premium.
      const isPremium = book.isPremium;
      if (isPremium) {
        const [plan, unlocked] = await Promise.all([deps.premium.planOf(session.user.id), deps.premium.hasUnlocked(session.user.id, book.id)]);
        if (!canRequestPremium(plan, unlocked)) throw forbidden(REQUEST_SERVER_MESSAGES.premiumNeedsUnlock);
      }
      if (await requests.hasRecordingFor(body.reader_id, book.id, kid.id)) throw new AppError('conflict', REQUEST_SERVER_MESSAGES.alreadyRecorded);
      const { id, created } = await requests.insertPending({
        familyId: kid.familyId,
        kidId: kid.id,
        readerId: body.reader_id,
        bookId: book.id,
        requestedBy: session.user.id,
        type: body.type,
        isPremium,
        createdAt: deps.clock.now(),
      });
      if (created) await deps.onRequested?.(id);
      const [row] = await requests.listPending({ id });
      return { request: present(row!, (r) => r.request.requestedBy === session.user.id || isFamilyAdmin(role)), created };
    },

    /** `DELETE /api/queue/{id}`: the requester or the family admin cancels a pending request. */
    async cancel(session: SessionUser, id: string) {
      const row = await requests.find(id);
      if (!row) throw notFound(REQUEST_SERVER_MESSAGES.requestNotFound);
      const m = await deps.access.requireMember(row.familyId, session.user.id).catch(() => {
        throw notFound(REQUEST_SERVER_MESSAGES.requestNotFound);
      });
      if (row.requestedBy !== session.user.id && !isFamilyAdmin(m.role)) throw forbidden(REQUEST_SERVER_MESSAGES.onlyRequesterCancels);
      if (!(await requests.cancel(id, deps.clock.now()))) throw new AppError('conflict', REQUEST_SERVER_MESSAGES.notPending);
      return { ok: true as const };
    },

    /** The recordings feature's seam: a reader's recording reached these kids. */
    async onRecorded(story: RecordedStory): Promise<void> {
      await requests.fulfil({ ...story, now: deps.clock.now() });
    },

    /** Billing's seam: of these families, those that asked the reader for this premium book. */
    premiumRequestFamilies: (readerId: string, bookId: string, familyIds: readonly string[]) => requests.premiumRequestFamilies(readerId, bookId, familyIds),
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
