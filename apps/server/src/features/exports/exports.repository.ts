import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../auth/auth.table.ts';
import { bookUnlocks, payments, subscriptions, tokenLedger } from '../billing/billing.table.ts';
import { books } from '../books/books.table.ts';
import { families, familyMembers, kids } from '../families/families.table.ts';
import { aiRecordingKids, aiRecordings, voiceClones, voiceConsentChanges, voiceConsents } from '../narration/narration.table.ts';
import { notificationSettings, reactions } from '../playback/playback.table.ts';
import { recordingKids, recordings } from '../recordings/recordings.table.ts';
import { issueReports } from '../reports/reports.table.ts';

const sender = alias(users, 'sender');

/** The rows the family archive and "my data" are made of (issue 25); queries only, the service decides. */
export function createExportsRepository(db: Db) {
  return {
    async family(familyId: string) {
      const [family] = await db
        .select({ id: families.id, name: families.name, createdAt: families.createdAt })
        .from(families)
        .where(eq(families.id, familyId))
        .limit(1);
      return family;
    },
    /** Members with their names and roles; no e-mail addresses (those are each person's own to export). */
    async members(familyId: string) {
      return db
        .select({
          userId: familyMembers.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          familyRole: familyMembers.familyRole,
          relationship: familyMembers.relationship,
          joinedAt: familyMembers.joinedAt,
        })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .where(eq(familyMembers.familyId, familyId))
        .orderBy(asc(familyMembers.joinedAt));
    },
    async kids(familyId: string) {
      return db
        .select({ id: kids.id, firstName: kids.firstName, age: kids.age, createdAt: kids.createdAt })
        .from(kids)
        .where(eq(kids.familyId, familyId))
        .orderBy(asc(kids.createdAt), asc(kids.id));
    },
    /** Every playable reading of the family's kids, one row per reading and kid, oldest first. */
    async kidRecordings(familyId: string) {
      return db
        .select({
          id: recordings.id,
          kidId: recordingKids.kidId,
          readerId: recordings.readerId,
          readerFirstName: users.firstName,
          readerLastName: users.lastName,
          bookTitle: books.title,
          bookAuthor: books.author,
          recordingType: recordings.recordingType,
          mediaKey: recordings.mediaKey,
          mime: recordings.mime,
          durationSeconds: recordings.durationSeconds,
          pageTrack: recordings.pageTrack,
          createdAt: recordings.createdAt,
        })
        .from(recordingKids)
        .innerJoin(kids, eq(kids.id, recordingKids.kidId))
        .innerJoin(recordings, eq(recordings.id, recordingKids.recordingId))
        .innerJoin(users, eq(users.id, recordings.readerId))
        .leftJoin(books, eq(books.id, recordings.bookId))
        .where(and(eq(kids.familyId, familyId), eq(recordings.status, 'ready')))
        .orderBy(asc(recordings.createdAt), asc(recordings.id));
    },
    /** The family's finished AI stories, one row per story and kid, oldest first. */
    async kidAiStories(familyId: string) {
      return db
        .select({
          id: aiRecordings.id,
          kidId: aiRecordingKids.kidId,
          readerId: aiRecordings.readerId,
          readerFirstName: users.firstName,
          readerLastName: users.lastName,
          voiceName: aiRecordings.voiceName,
          bookTitle: books.title,
          bookAuthor: books.author,
          mediaKey: aiRecordings.mediaKey,
          mime: aiRecordings.mime,
          durationSeconds: aiRecordings.durationSeconds,
          script: aiRecordings.script,
          createdAt: aiRecordings.createdAt,
        })
        .from(aiRecordingKids)
        .innerJoin(aiRecordings, eq(aiRecordings.id, aiRecordingKids.aiRecordingId))
        .innerJoin(users, eq(users.id, aiRecordings.readerId))
        .leftJoin(books, eq(books.id, aiRecordings.bookId))
        .where(and(eq(aiRecordings.familyId, familyId), eq(aiRecordings.status, 'ready')))
        .orderBy(asc(aiRecordings.createdAt), asc(aiRecordings.id));
    },
    /** The kids' reactions to readings, with who sent them. */
    async reactions(familyId: string) {
      return db
        .select({
          recordingId: reactions.recordingId,
          kidId: reactions.kidId,
          reaction: reactions.reaction,
          sentByFirstName: sender.firstName,
          sentByLastName: sender.lastName,
          createdAt: reactions.createdAt,
        })
        .from(reactions)
        .innerJoin(kids, eq(kids.id, reactions.kidId))
        .leftJoin(sender, eq(sender.id, reactions.sentBy))
        .where(eq(kids.familyId, familyId))
        .orderBy(asc(reactions.createdAt));
    },

    // "My data": everything stored about one account (GDPR Article 20).
    async account(userId: string) {
      const [user] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          pendingEmail: users.pendingEmail,
          emailVerifiedAt: users.emailVerifiedAt,
          role: users.role,
          isAdmin: users.isAdmin,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return user;
    },
    async sessionsOf(userId: string) {
      return db
        .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, persistent: sessions.persistent })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt));
    },
    async memberships(userId: string) {
      return db
        .select({
          familyId: families.id,
          familyName: families.name,
          familyRole: familyMembers.familyRole,
          relationship: familyMembers.relationship,
          joinedAt: familyMembers.joinedAt,
        })
        .from(familyMembers)
        .innerJoin(families, eq(families.id, familyMembers.familyId))
        .where(eq(familyMembers.userId, userId))
        .orderBy(asc(familyMembers.joinedAt));
    },
    async recordingsBy(userId: string) {
      return db
        .select({
          id: recordings.id,
          bookTitle: books.title,
          bookAuthor: books.author,
          recordingType: recordings.recordingType,
          status: recordings.status,
          mediaKey: recordings.mediaKey,
          mime: recordings.mime,
          durationSeconds: recordings.durationSeconds,
          isPremium: recordings.isPremium,
          pageTrack: recordings.pageTrack,
          createdAt: recordings.createdAt,
          processedAt: recordings.processedAt,
        })
        .from(recordings)
        .leftJoin(books, eq(books.id, recordings.bookId))
        .where(eq(recordings.readerId, userId))
        .orderBy(asc(recordings.createdAt), asc(recordings.id));
    },
    /** Which kids each of the user's readings is for, in the families the user is still in. */
    async recordingKidsOf(userId: string) {
      return db
        .select({ recordingId: recordingKids.recordingId, kidFirstName: kids.firstName, familyName: families.name, assignedAt: recordingKids.assignedAt })
        .from(recordingKids)
        .innerJoin(recordings, eq(recordings.id, recordingKids.recordingId))
        .innerJoin(kids, eq(kids.id, recordingKids.kidId))
        .innerJoin(families, eq(families.id, kids.familyId))
        .innerJoin(familyMembers, and(eq(familyMembers.familyId, kids.familyId), eq(familyMembers.userId, userId)))
        .where(eq(recordings.readerId, userId));
    },
    async voice(userId: string) {
      const [consent] = await db.select().from(voiceConsents).where(eq(voiceConsents.readerId, userId)).limit(1);
      const consentHistory = await db
        .select({ allowed: voiceConsentChanges.allowed, at: voiceConsentChanges.at })
        .from(voiceConsentChanges)
        .where(eq(voiceConsentChanges.readerId, userId))
        .orderBy(voiceConsentChanges.at);
      const [clone] = await db
        .select({ provider: voiceClones.provider, voiceName: voiceClones.voiceName, recordingIds: voiceClones.recordingIds, createdAt: voiceClones.createdAt })
        .from(voiceClones)
        .where(eq(voiceClones.readerId, userId))
        .limit(1);
      // AI stories read in their voice, or asked for by them: what and when, not the family's audio.
      const stories = await db
        .select({
          id: aiRecordings.id,
          familyName: families.name,
          bookTitle: books.title,
          voiceName: aiRecordings.voiceName,
          status: aiRecordings.status,
          readerId: aiRecordings.readerId,
          createdAt: aiRecordings.createdAt,
        })
        .from(aiRecordings)
        .innerJoin(families, eq(families.id, aiRecordings.familyId))
        .leftJoin(books, eq(books.id, aiRecordings.bookId))
        .where(or(eq(aiRecordings.readerId, userId), eq(aiRecordings.requestedBy, userId)))
        .orderBy(asc(aiRecordings.createdAt));
      return { consent, consentHistory, clone, stories };
    },
    async billing(userId: string) {
      const [subscription] = await db
        .select({
          plan: subscriptions.plan,
          status: subscriptions.status,
          provider: subscriptions.provider,
          currentPeriodStart: subscriptions.currentPeriodStart,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .limit(1);
      const ledger = await db
        .select({ kind: tokenLedger.kind, delta: tokenLedger.delta, reason: tokenLedger.reason, createdAt: tokenLedger.createdAt })
        .from(tokenLedger)
        .where(eq(tokenLedger.userId, userId))
        .orderBy(asc(tokenLedger.createdAt));
      const paid = await db
        .select({ kind: payments.kind, plan: payments.plan, packageId: payments.packageId, status: payments.status, createdAt: payments.createdAt })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(asc(payments.createdAt));
      const unlocks = await db
        .select({ bookTitle: books.title, tokensSpent: bookUnlocks.tokensSpent, createdAt: bookUnlocks.createdAt })
        .from(bookUnlocks)
        .innerJoin(books, eq(books.id, bookUnlocks.bookId))
        .where(eq(bookUnlocks.userId, userId))
        .orderBy(asc(bookUnlocks.createdAt));
      return { subscription, ledger, payments: paid, unlocks };
    },
    async issueReports(userId: string) {
      return db
        .select({
          type: issueReports.type,
          description: issueReports.description,
          page: issueReports.page,
          email: issueReports.email,
          userAgent: issueReports.userAgent,
          createdAt: issueReports.createdAt,
        })
        .from(issueReports)
        .where(eq(issueReports.userId, userId))
        .orderBy(asc(issueReports.createdAt));
    },
    async notificationSettings(userId: string) {
      const [row] = await db
        .select({ storyRequested: notificationSettings.storyRequested, newStory: notificationSettings.newStory, updatedAt: notificationSettings.updatedAt })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
        .limit(1);
      return row;
    },
    /** Reactions kids sent to the user's readings (what their families said of them). */
    async reactionsTo(recordingIds: string[]) {
      if (recordingIds.length === 0) return [];
      return db
        .select({ recordingId: reactions.recordingId, reaction: reactions.reaction, createdAt: reactions.createdAt })
        .from(reactions)
        .where(inArray(reactions.recordingId, recordingIds))
        .orderBy(asc(reactions.createdAt));
    },
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
