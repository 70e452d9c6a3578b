import { useId, useState } from 'react';
import type { FamilyDetail, Member } from '@fst/shared/families/families.schema';
import { isParentRole } from '@fst/shared/families/families.rules';
import { DELETION_TEXTS, FAMILY_ACTIVITY_TEXTS, FAMILY_CONTROL_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { notify } from '../../../lib/toast.ts';
import { useDeleteFamily, useFamilyActivity, useFamilySettings, useMakeAdmin, useNewFamilyCode, useRemoveMember } from '../api/family-controls.ts';
import { failureText } from '../failure-text.ts';
import { formatDate } from '../../../lib/view.ts';
import { Avatar } from './avatar.tsx';

// Family controls (issue 25, docs/decisions/012).
const fullName = (m: Pick<Member, 'first_name' | 'last_name'>) => `${m.first_name} ${m.last_name}`.trim();
const ROLE_LABELS: Record<Member['family_role'], string> = { admin: 'Admin', parent: 'Parent', member: 'Parent', reader: 'Reader' };

/** Everyone in the family; the admin can make another parent admin or remove someone (with confirmation). */
export function MembersCard({ family, myId }: { family: FamilyDetail; myId: string }) {
  const remove = useRemoveMember();
  const makeAdmin = useMakeAdmin();
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [removeStories, setRemoveStories] = useState(false);
  const storiesId = useId();
  const isAdmin = family.my_role === 'admin';

  const confirmRemove = () => {
    if (!confirming) return;
    const name = fullName(confirming);
    remove.mutate(
      { familyId: family.id, userId: confirming.id, removeStories },
      {
        onSuccess: () => {
          notify.success(FAMILY_CONTROL_TEXTS.removed(name));
          setConfirming(null);
        },
        onError: (error) => notify.error(failureText(error, { failed: FAMILY_CONTROL_TEXTS.removeFailed, network: FAMILY_CONTROL_TEXTS.removeFailed })),
      },
    );
  };

  return (
    <Card>
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-1 text-2xl font-bold">
          {FAMILY_CONTROL_TEXTS.membersHeading}
        </h2>
        <p className="mb-4 text-base text-ink-soft">{FAMILY_CONTROL_TEXTS.membersIntro}</p>
        <ul aria-label="Family members" className="flex flex-col divide-y divide-line">
          {family.members.map((member) => {
            const name = fullName(member);
            const me = member.id === myId;
            return (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="flex min-w-0 items-center gap-3">
                  <Avatar initials={member.avatar} color={member.avatarColor} />
                  <span className="min-w-0">
                    <span className="block font-semibold">
                      {name} {me ? <span className="text-ink-soft">{FAMILY_CONTROL_TEXTS.you}</span> : null}
                    </span>
                    <span className="block text-base text-ink-soft">
                      {ROLE_LABELS[member.family_role]}
                      {member.relationship ? ` · ${member.relationship}` : ''}
                    </span>
                  </span>
                </span>
                {isAdmin && !me ? (
                  <span className="flex flex-wrap gap-2 mobile:w-full">
                    {isParentRole(member.family_role) && member.family_role !== 'admin' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${FAMILY_CONTROL_TEXTS.makeAdmin}: ${name}`}
                        disabled={makeAdmin.isPending}
                        onClick={() =>
                          makeAdmin.mutate(
                            { familyId: family.id, userId: member.id },
                            {
                              onSuccess: () => notify.success(FAMILY_CONTROL_TEXTS.madeAdmin(name)),
                              onError: (error) =>
                                notify.error(
                                  failureText(error, { failed: FAMILY_CONTROL_TEXTS.makeAdminFailed, network: FAMILY_CONTROL_TEXTS.makeAdminFailed }),
                                ),
                            },
                          )
                        }
                      >
                        {FAMILY_CONTROL_TEXTS.makeAdmin}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={`${FAMILY_CONTROL_TEXTS.remove} ${name}`}
                      onClick={() => {
                        setRemoveStories(false);
                        setConfirming(member);
                      }}
                    >
                      {FAMILY_CONTROL_TEXTS.remove}
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirming ? FAMILY_CONTROL_TEXTS.removeTitle(fullName(confirming)) : ''}
        description={
          confirming ? (
            <span className="flex flex-col gap-3">
              <span>{FAMILY_CONTROL_TEXTS.removeBody(fullName(confirming))}</span>
              {confirming.family_role === 'reader' ? (
                <span className="flex items-start gap-2">
                  <input id={storiesId} type="checkbox" className="mt-1 size-5" checked={removeStories} onChange={(e) => setRemoveStories(e.target.checked)} />
                  <label htmlFor={storiesId}>{FAMILY_CONTROL_TEXTS.removeStories}</label>
                </span>
              ) : null}
            </span>
          ) : null
        }
        confirmLabel={FAMILY_CONTROL_TEXTS.remove}
        onConfirm={confirmRemove}
        busy={remove.isPending}
      />
    </Card>
  );
}

/** New Code (with confirmation) and the approval switch, next to the code (admin only). */
export function CodeControls({ family }: { family: FamilyDetail }) {
  const newCode = useNewFamilyCode();
  const settings = useFamilySettings();
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="mt-4 flex flex-col gap-4 border-t border-line pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p id={labelId} className="font-semibold">
            {FAMILY_CONTROL_TEXTS.approvalLabel}
          </p>
          <p id={hintId} className="text-base text-ink-soft">
            {FAMILY_CONTROL_TEXTS.approvalHint}
          </p>
        </div>
        <Switch
          checked={family.code_joins_need_approval}
          busy={settings.isPending}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          onChange={(on) =>
            settings.mutate(
              { familyId: family.id, codeJoinsNeedApproval: on },
              {
                onSuccess: () => notify.success(on ? FAMILY_CONTROL_TEXTS.approvalOn : FAMILY_CONTROL_TEXTS.approvalOff),
                onError: (error) =>
                  notify.error(failureText(error, { failed: FAMILY_CONTROL_TEXTS.approvalFailed, network: FAMILY_CONTROL_TEXTS.approvalFailed })),
              },
            )
          }
        />
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          {FAMILY_CONTROL_TEXTS.newCode}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={FAMILY_CONTROL_TEXTS.newCodeTitle}
        description={FAMILY_CONTROL_TEXTS.newCodeBody}
        confirmLabel={FAMILY_CONTROL_TEXTS.newCode}
        tone="primary"
        busy={newCode.isPending}
        onConfirm={() =>
          newCode.mutate(
            { familyId: family.id },
            {
              onSuccess: () => {
                notify.success(FAMILY_CONTROL_TEXTS.newCodeMade);
                setConfirming(false);
              },
              onError: (error) => notify.error(failureText(error, { failed: FAMILY_CONTROL_TEXTS.newCodeFailed, network: FAMILY_CONTROL_TEXTS.newCodeFailed })),
            },
          )
        }
      />
    </div>
  );
}

/** The family's activity log for admins, newest first, a page at a time. */
export function ActivitySection({ familyId }: { familyId: string }) {
  const [page, setPage] = useState(1);
  const activity = useFamilyActivity(familyId, page);
  return (
    <Card>
      <section aria-labelledby="activity-heading" aria-busy={activity.isFetching || undefined}>
        <h2 id="activity-heading" className="mb-1 text-2xl font-bold">
          {FAMILY_ACTIVITY_TEXTS.heading}
        </h2>
        <p className="mb-4 text-base text-ink-soft">{FAMILY_ACTIVITY_TEXTS.intro}</p>
        {activity.isPending ? (
          <p className="flex items-center gap-2 text-ink-soft">
            <Spinner className="size-5" /> {FAMILY_ACTIVITY_TEXTS.loading}
          </p>
        ) : activity.isError ? (
          <RetryAlert label="Retry" onRetry={() => void activity.refetch()}>
            {FAMILY_ACTIVITY_TEXTS.loadFailed}
          </RetryAlert>
        ) : activity.data.events.length === 0 ? (
          <p className="text-ink-soft">{FAMILY_ACTIVITY_TEXTS.empty}</p>
        ) : (
          <ol aria-label="Family activity" className="flex flex-col divide-y divide-line">
            {activity.data.events.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
                <span>{FAMILY_ACTIVITY_TEXTS.line(event.type, event.actor ?? FAMILY_ACTIVITY_TEXTS.formerMember, event.subject)}</span>
                <time dateTime={event.at} className="text-base text-ink-soft">
                  {formatDate(event.at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ol>
        )}
        {activity.data && (page > 1 || activity.data.has_more) ? (
          <div className="mt-4 flex justify-between gap-3">
            <Button size="sm" variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              {FAMILY_ACTIVITY_TEXTS.newer}
            </Button>
            <Button size="sm" variant="secondary" disabled={!activity.data.has_more} onClick={() => setPage((p) => p + 1)}>
              {FAMILY_ACTIVITY_TEXTS.older}
            </Button>
          </div>
        ) : null}
      </section>
    </Card>
  );
}

/** The family page's danger zone (admins): the family goes once its exact name is typed (docs/decisions/016). */
export function DeleteFamilyCard({ family, onDeleted }: { family: Pick<FamilyDetail, 'id' | 'name'>; onDeleted?: () => void }) {
  const remove = useDeleteFamily();
  const [typed, setTyped] = useState('');
  const ready = typed === family.name;
  return (
    <Card>
      <section aria-labelledby="delete-family-heading">
        <h2 id="delete-family-heading" className="mb-2 text-2xl font-bold text-danger">
          {DELETION_TEXTS.familyDangerHeading}
        </h2>
        <p className="mb-5 text-base text-ink-soft">{DELETION_TEXTS.familyDangerIntro(family.name)}</p>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready) return;
            remove.mutate(
              { familyId: family.id, confirmName: typed },
              {
                onSuccess: () => {
                  notify.success(DELETION_TEXTS.familyDeleted(family.name));
                  setTyped('');
                  onDeleted?.();
                },
                onError: (error) => notify.error(failureText(error, { failed: DELETION_TEXTS.familyDeleteFailed, network: DELETION_TEXTS.familyDeleteFailed })),
              },
            );
          }}
        >
          <TextField label={DELETION_TEXTS.typeFamilyName(family.name)} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          <div>
            <Button type="submit" variant="danger" disabled={!ready || remove.isPending}>
              {remove.isPending ? DELETION_TEXTS.deletingFamily : DELETION_TEXTS.deleteFamily}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
