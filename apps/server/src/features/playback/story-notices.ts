import { isParentRole } from '@fst/shared/families/families.rules';
import { NOTIFICATION_TEXTS } from '@fst/shared/messages';
import type { MailMessage, Mailer } from '../../platform/mail/mailer.ts';
import type { StoryNoticesRepository } from './story-notices.repository.ts';

type Deps = {
  notices: StoryNoticesRepository;
  mailer: Mailer;
  /** Links in the e-mails start here (PUBLIC_URL). */
  publicUrl: string;
  log: { error: (obj: unknown, msg: string) => void };
  /** An absolute link to a book's cover image that outlives the e-mail's first days; null when there is none. */
  coverLink?: (coverKey: string | null) => Promise<string | null>;
};

/** "Mia", "Mia and Leo", "Mia, Leo and Ava". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const quoted = (title: string | null) => (title ? `“${title}”` : 'a story');

const footer = (publicUrl: string, setting: string) =>
  `\n--\nYou get this e-mail because “${setting}” is on. You can turn it off on your profile: ${publicUrl}/profile\n`;

/** The e-mail a reader gets when a parent asks them for a story. */
export function storyRequestedMail(input: {
  publicUrl: string;
  to: string;
  readerFirstName: string;
  requesterName: string;
  kidId: string;
  kidName: string;
  familyName: string;
  bookId: string;
  bookTitle: string;
  isPremium: boolean;
  /** A premium request's id opens the book's pages to the reader for it (issue 22). */
  requestId?: string;
  coverUrl?: string | null;
}): MailMessage {
  const record = new URLSearchParams({ bookId: input.bookId, childId: input.kidId });
  if (input.isPremium) record.set('premium', 'true');
  if (input.isPremium && input.requestId) record.set('requestId', input.requestId);
  const asker = input.requesterName ? `${input.requesterName} (${input.familyName})` : `A parent of ${input.familyName}`;
  return {
    to: input.to,
    subject: `A story was requested: ${quoted(input.bookTitle)} for ${input.kidName}`,
    text:
      `Hello ${input.readerFirstName},\n\n` +
      `${asker} asked you to read ${quoted(input.bookTitle)} for ${input.kidName}.` +
      `${input.isPremium ? ' It is a premium book.' : ''}\n\n` +
      `Record it now: ${input.publicUrl}/record?${record.toString()}\n` +
      `All your story requests: ${input.publicUrl}/grandparent-dashboard\n` +
      footer(input.publicUrl, NOTIFICATION_TEXTS.storyRequestedLabel),
    unsubscribeUrl: `${input.publicUrl}/profile`,
    ...(input.coverUrl ? { image: { src: input.coverUrl, alt: `The cover of ${quoted(input.bookTitle)}` } } : {}),
  };
}

/** The e-mail a parent gets when a reader's story for their kids is ready to watch. */
export function newStoryMail(input: {
  publicUrl: string;
  to: string;
  parentFirstName: string;
  readerName: string;
  recordingId: string;
  bookTitle: string | null;
  kids: readonly { id: string; firstName: string }[];
  coverUrl?: string | null;
}): MailMessage {
  const names = joinNames(input.kids.map((k) => k.firstName));
  const kidLinks = input.kids.map((k) => `${k.firstName}’s stories: ${input.publicUrl}/child/${encodeURIComponent(k.id)}\n`).join('');
  return {
    to: input.to,
    subject: `A new story arrived for ${names}`,
    text:
      `Hello ${input.parentFirstName},\n\n` +
      `${input.readerName} recorded ${quoted(input.bookTitle)} for ${names}. It is ready to watch.\n\n` +
      `Watch it: ${input.publicUrl}/story/${encodeURIComponent(input.recordingId)}\n` +
      kidLinks +
      footer(input.publicUrl, NOTIFICATION_TEXTS.newStoryLabel),
    unsubscribeUrl: `${input.publicUrl}/profile`,
    ...(input.coverUrl ? { image: { src: input.coverUrl, alt: `The cover of ${quoted(input.bookTitle)}` } } : {}),
  };
}

/**
 * E-mail notices (issue 6 "Closing the loop"): a reader hears when a story is requested of them, parents
 * when a new story arrives for their kids; each only with that notice switched on. Best effort: a mail
 * that cannot be sent is logged and never undoes what caused it.
 */
export function createStoryNotices(deps: Deps) {
  const { notices, mailer, publicUrl } = deps;

  async function send(message: MailMessage) {
    try {
      await mailer.send(message);
    } catch (err) {
      deps.log.error({ err, subject: message.subject }, 'notice e-mail could not be sent');
    }
  }

  /** Parents of the kids' families (not `actorId`) hear that a ready recording reached their kids. */
  async function storyArrived(recordingId: string, kidIds: readonly string[] | undefined, actorId: string | undefined) {
    const recording = await notices.recording(recordingId);
    if (!recording || recording.status !== 'ready') return;
    const kids = await notices.assignedKids(recordingId, kidIds);
    if (!kids.length) return;
    const members = await notices.members([...new Set(kids.map((k) => k.familyId))]);
    const except = actorId ?? recording.readerId;
    // One e-mail per parent, naming their own family's kids (a parent of two families hears of both).
    const byParent = new Map<string, { email: string; firstName: string; familyIds: Set<string> }>();
    for (const m of members) {
      if (!isParentRole(m.role) || !m.wantsNewStory || m.userId === except || m.userId === recording.readerId) continue;
      const entry = byParent.get(m.userId) ?? { email: m.email, firstName: m.firstName, familyIds: new Set<string>() };
      entry.familyIds.add(m.familyId);
      byParent.set(m.userId, entry);
    }
    const readerName = `${recording.readerFirstName} ${recording.readerLastName}`.trim();
    const coverUrl = (await deps.coverLink?.(recording.bookCoverKey)) ?? null;
    for (const parent of byParent.values()) {
      await send(
        newStoryMail({
          publicUrl,
          to: parent.email,
          parentFirstName: parent.firstName,
          readerName,
          recordingId,
          bookTitle: recording.bookTitle,
          kids: kids.filter((k) => parent.familyIds.has(k.familyId)),
          coverUrl,
        }),
      );
    }
  }

  const logged =
    <A extends unknown[]>(what: string, fn: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await fn(...args);
      } catch (err) {
        deps.log.error({ err }, `${what} notice failed`);
      }
    };

  return {
    /** A parent asked a reader for a story (a new pending request). */
    storyRequested: logged('story requested', async (requestId: string) => {
      const request = await notices.request(requestId);
      if (!request || request.status !== 'pending' || !request.wantsNotice) return;
      await send(
        storyRequestedMail({
          publicUrl,
          to: request.reader.email,
          readerFirstName: request.reader.firstName,
          requesterName: request.requester ? `${request.requester.firstName} ${request.requester.lastName}`.trim() : '',
          kidId: request.kid.id,
          kidName: request.kid.firstName,
          familyName: request.familyName,
          bookId: request.book.id,
          bookTitle: request.book.title,
          isPremium: request.isPremium,
          requestId,
          coverUrl: (await deps.coverLink?.(request.book.coverKey)) ?? null,
        }),
      );
    }),

    /** A recording finished processing: every kid it is assigned to has a new story. */
    storyReady: logged('new story', (recordingId: string) => storyArrived(recordingId, undefined, undefined)),

    /** A ready recording was assigned to more kids by `actorId` (who is not told of their own doing). */
    storyAssigned: logged('new story', (recordingId: string, kidIds: readonly string[], actorId: string) => storyArrived(recordingId, kidIds, actorId)),
  };
}
export type StoryNotices = ReturnType<typeof createStoryNotices>;
