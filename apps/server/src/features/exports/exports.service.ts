import type { Readable } from 'node:stream';
import pLimit from 'p-limit';
import {
  dayOf,
  extensionOf,
  familyArchiveName,
  kidsFolder,
  myDataArchiveName,
  readerLabel,
  storyFileBase,
  uniquePaths,
} from '@fst/shared/exports/exports.rules';
import type { Clock } from '../../platform/clock.ts';
import type { SessionUser } from '../../platform/http.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { zipStream, type ZipEntry } from '../../platform/zip/zip-stream.ts';
import type { FamilyAccess } from '../families/families.access.ts';
import { archiveIndexHtml, type IndexKid, type IndexStory } from './archive-index.ts';
import type { ExportsRepository } from './exports.repository.ts';

export type Download = { fileName: string; stream: Readable; size: number | null };

// Stored objects' sizes are asked for a few at a time (an S3 HEAD each), never hundreds at once.
const STAT_CONCURRENCY = 8;
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

type StoryRow = {
  id: string;
  kidId: string;
  readerId: string;
  readerFirstName: string;
  readerLastName: string;
  bookTitle: string | null;
  bookAuthor: string | null;
  mediaKey: string | null;
  mime: string | null;
  durationSeconds: number;
  createdAt: Date;
};

/** Rows of (story, kid) as one story with its kids, in the order of the rows. */
function byStory<T extends StoryRow>(rows: T[]): (T & { kidIds: string[] })[] {
  const stories = new Map<string, T & { kidIds: string[] }>();
  for (const row of rows) {
    const story = stories.get(row.id);
    if (story) story.kidIds.push(row.kidId);
    else stories.set(row.id, { ...row, kidIds: [row.kidId] });
  }
  return [...stories.values()];
}

/**
 * The family archive and "my data" (issue 25, docs/decisions/017): zips streamed from storage as they are
 * written, so an archive of any size leaves the server's memory flat.
 */
export function createExportsService(deps: { exports: ExportsRepository; access: FamilyAccess; storage: Storage; clock: Clock }) {
  const { exports: repo, access, storage, clock } = deps;
  const limit = pLimit(STAT_CONCURRENCY);
  /** The stored object's size, or null when it is gone (its story is listed without a file). */
  const sizeOf = (key: string | null) => (key ? limit(async () => (await storage.stat(key))?.size ?? null) : Promise.resolve(null));
  const mediaEntry = (path: string, key: string, size: number, mtime: Date): ZipEntry => ({ path, mtime, size, open: () => storage.get(key) });

  return {
    /** Every story of the family's kids as a playable file, with family.json, reactions.json and index.html. Admins only. */
    async familyArchive(session: SessionUser, familyId: string): Promise<Download> {
      await access.requireAdmin(familyId, session.user.id);
      const now = clock.now();
      const [family, members, kids, readings, aiStories, reactions] = await Promise.all([
        repo.family(familyId),
        repo.members(familyId),
        repo.kids(familyId),
        repo.kidRecordings(familyId),
        repo.kidAiStories(familyId),
        repo.reactions(familyId),
      ]);
      if (!family) throw new Error(`family ${familyId} vanished during its export`);
      const relationshipOf = new Map(members.map((m) => [m.userId, m.relationship]));
      const kidName = new Map(kids.map((k) => [k.id, k.firstName]));
      const kidOrder = new Map(kids.map((k, i) => [k.id, i]));
      const stories = [...byStory(readings).map((s) => ({ ...s, ai: false as const })), ...byStory(aiStories).map((s) => ({ ...s, ai: true as const }))].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
      );
      const sizes = await Promise.all(stories.map((s) => sizeOf(s.mediaKey)));

      const nextPath = uniquePaths();
      const entries: ZipEntry[] = [];
      const reactionsOf = new Map<string, typeof reactions>();
      for (const r of reactions) reactionsOf.set(r.recordingId, [...(reactionsOf.get(r.recordingId) ?? []), r]);
      const described = stories.map((story, i) => {
        const kidIds = [...story.kidIds].sort((a, b) => (kidOrder.get(a) ?? 0) - (kidOrder.get(b) ?? 0));
        const kidNames = kidIds.map((id) => kidName.get(id) ?? '');
        const reader = readerLabel({ firstName: story.readerFirstName, lastName: story.readerLastName, relationship: relationshipOf.get(story.readerId) });
        const size = sizes[i];
        let file: string | null = null;
        if (story.mediaKey && size != null) {
          file = nextPath(
            kidsFolder(kidNames),
            storyFileBase({ at: story.createdAt, title: story.bookTitle, reader, ai: story.ai }),
            extensionOf(story.mediaKey),
          );
          entries.push(mediaEntry(file, story.mediaKey, size, story.createdAt));
        }
        return { story, kidIds, kidNames, reader, file };
      });

      const reactionRows = reactions.map((r) => ({
        story_file: described.find((d) => !d.story.ai && d.story.id === r.recordingId)?.file ?? null,
        kid: kidName.get(r.kidId) ?? null,
        reaction: r.reaction,
        sent_by: r.sentByFirstName ? `${r.sentByFirstName} ${r.sentByLastName ?? ''}`.trim() : null,
        at: iso(r.createdAt),
      }));
      const familyJson = {
        format: 'family-story-time/family-archive',
        version: 1,
        exported_at: now.toISOString(),
        family: { name: family.name, created_at: iso(family.createdAt) },
        members: members.map((m) => ({
          name: `${m.firstName} ${m.lastName}`.trim(),
          family_role: m.familyRole,
          relationship: m.relationship,
          joined_at: iso(m.joinedAt),
        })),
        kids: kids.map((k) => ({ name: k.firstName, age: k.age, added_at: iso(k.createdAt) })),
        stories: described.map(({ story, kidNames, reader, file }) => ({
          kind: story.ai ? 'ai_story' : 'reading',
          title: story.bookTitle,
          author: story.bookAuthor,
          reader,
          ...(story.ai ? { voice_name: story.voiceName, text: story.script } : { recording_type: story.recordingType, page_turns: story.pageTrack }),
          kids: kidNames,
          recorded_at: iso(story.createdAt),
          duration_seconds: story.durationSeconds,
          file,
        })),
        reactions: reactionRows,
      };
      const indexKids: IndexKid[] = kids.map((kid) => ({
        name: kid.firstName,
        age: kid.age,
        stories: described
          .filter((d) => d.file && d.kidIds.includes(kid.id))
          .map((d): IndexStory => ({
            title: d.story.bookTitle ?? 'Untitled story',
            reader: d.reader,
            day: dayOf(d.story.createdAt),
            path: d.file!,
            kind: d.story.mime?.startsWith('video/') ? 'video' : 'audio',
            ai: d.story.ai,
            reactions: d.story.ai ? [] : (reactionsOf.get(d.story.id) ?? []).filter((r) => r.kidId === kid.id).map((r) => r.reaction),
          }))
          .reverse(),
      }));
      const head: ZipEntry[] = [
        { path: 'index.html', mtime: now, data: Buffer.from(archiveIndexHtml({ familyName: family.name, exportedAt: dayOf(now), kids: indexKids })) },
        { path: 'family.json', mtime: now, data: json(familyJson) },
        { path: 'reactions.json', mtime: now, data: json(reactionRows) },
      ];
      return { fileName: familyArchiveName(family.name, now), ...zipStream([...head, ...entries]) };
    },

    /** Everything stored about the caller's account, with the media of the readings they made (GDPR Article 20). */
    async myData(session: SessionUser): Promise<Download> {
      const userId = session.user.id;
      const now = clock.now();
      const [account, sessions, notifications, memberships, recordings, recordingKids, voice, billing, reports] = await Promise.all([
        repo.account(userId),
        repo.sessionsOf(userId),
        repo.notificationSettings(userId),
        repo.memberships(userId),
        repo.recordingsBy(userId),
        repo.recordingKidsOf(userId),
        repo.voice(userId),
        repo.billing(userId),
        repo.issueReports(userId),
      ]);
      if (!account) throw new Error(`account ${userId} vanished during its export`);
      const reactions = await repo.reactionsTo(recordings.map((r) => r.id));
      const sizes = await Promise.all(recordings.map((r) => sizeOf(r.status === 'ready' ? r.mediaKey : null)));
      const nextPath = uniquePaths();
      const entries: ZipEntry[] = [];
      const readings = recordings.map((r, i) => {
        const size = sizes[i];
        let file: string | null = null;
        if (size != null) {
          file = nextPath('recordings', `${dayOf(r.createdAt)} ${r.bookTitle ?? 'Untitled story'}`, extensionOf(r.mediaKey));
          entries.push(mediaEntry(file, r.mediaKey, size, r.createdAt));
        }
        return {
          title: r.bookTitle,
          author: r.bookAuthor,
          recording_type: r.recordingType,
          status: r.status,
          premium: r.isPremium,
          duration_seconds: r.durationSeconds,
          page_turns: r.pageTrack,
          recorded_at: iso(r.createdAt),
          processed_at: iso(r.processedAt),
          for_kids: recordingKids
            .filter((k) => k.recordingId === r.id)
            .map((k) => ({ kid: k.kidFirstName, family: k.familyName, assigned_at: iso(k.assignedAt) })),
          reactions: reactions.filter((x) => x.recordingId === r.id).map((x) => ({ reaction: x.reaction, at: iso(x.createdAt) })),
          file,
        };
      });
      const data = {
        format: 'family-story-time/my-data',
        version: 1,
        exported_at: now.toISOString(),
        profile: {
          first_name: account.firstName,
          last_name: account.lastName,
          email: account.email,
          pending_email: account.pendingEmail,
          email_verified_at: iso(account.emailVerifiedAt),
          account_role: account.role,
          site_admin: account.isAdmin,
          created_at: iso(account.createdAt),
          updated_at: iso(account.updatedAt),
        },
        sessions: sessions.map((s) => ({
          signed_in_at: iso(s.createdAt),
          last_seen_at: iso(s.lastSeenAt),
          expires_at: iso(s.expiresAt),
          remember_me: s.persistent,
        })),
        notification_settings: notifications
          ? { story_requested: notifications.storyRequested, new_story: notifications.newStory, updated_at: iso(notifications.updatedAt) }
          : { story_requested: true, new_story: true, updated_at: null },
        memberships: memberships.map((m) => ({ family: m.familyName, family_role: m.familyRole, relationship: m.relationship, joined_at: iso(m.joinedAt) })),
        recordings: readings,
        voice: {
          // The current answer, the last e-mail asking for it, and every answer given, oldest first.
          consent: voice.consent
            ? { allowed: voice.consent.allowed, changed_at: iso(voice.consent.updatedAt), last_asked_at: iso(voice.consent.lastAskedAt) }
            : null,
          consent_history: voice.consentHistory.map((c) => ({ allowed: c.allowed, at: iso(c.at) })),
          voice_clone: voice.clone
            ? {
                provider: voice.clone.provider,
                voice_name: voice.clone.voiceName,
                made_from_readings: voice.clone.recordingIds.length,
                created_at: iso(voice.clone.createdAt),
              }
            : null,
          ai_stories: voice.stories.map((s) => ({
            family: s.familyName,
            title: s.bookTitle,
            voice_name: s.voiceName,
            in_my_voice: s.readerId === userId,
            status: s.status,
            created_at: iso(s.createdAt),
          })),
        },
        payments: {
          subscription: billing.subscription
            ? {
                plan: billing.subscription.plan,
                status: billing.subscription.status,
                provider: billing.subscription.provider,
                current_period_start: iso(billing.subscription.currentPeriodStart),
                current_period_end: iso(billing.subscription.currentPeriodEnd),
                cancel_at_period_end: billing.subscription.cancelAtPeriodEnd,
              }
            : null,
          token_ledger: billing.ledger.map((l) => ({ tokens: l.kind, change: l.delta, reason: l.reason, at: iso(l.createdAt) })),
          payments: billing.payments.map((p) => ({ kind: p.kind, plan: p.plan, package: p.packageId, status: p.status, at: iso(p.createdAt) })),
          book_unlocks: billing.unlocks.map((u) => ({ title: u.bookTitle, tokens_spent: u.tokensSpent, at: iso(u.createdAt) })),
        },
        issue_reports: reports.map((r) => ({
          type: r.type,
          description: r.description,
          page: r.page,
          email: r.email,
          user_agent: r.userAgent,
          at: iso(r.createdAt),
        })),
      };
      const readme = [
        'Family Story Time: your data',
        '',
        `Exported ${now.toISOString()} for ${account.firstName} ${account.lastName} <${account.email}>.`,
        '',
        'my-data.json   your profile, sign-ins, families, readings, voice consent and AI voice, payments and issue reports',
        'recordings/    the readings you recorded, as they play in the app',
        '',
        'Stories of the families you belong to are theirs: a family admin can download them with "Download our stories".',
        '',
      ].join('\n');
      const head: ZipEntry[] = [
        { path: 'README.txt', mtime: now, data: Buffer.from(readme) },
        { path: 'my-data.json', mtime: now, data: json(data) },
      ];
      return { fileName: myDataArchiveName(now), ...zipStream([...head, ...entries]) };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
