import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Role } from '@fst/shared/constants';
import type { FamilyListItem, Kid } from '@fst/shared/families/families.schema';
import { isParentRole } from '@fst/shared/families/families.rules';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ArrowLeftIcon, HomeIcon, PlusIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/toast.ts';
import { useFamily } from '../../../lib/api/families/get-family.ts';
import { useCurrentFamily } from '../current-family.ts';
import { ChildrenList } from './children-list.tsx';
import { CreateFamilyModal } from './create-family-modal.tsx';
import { DownloadStoriesCard } from './download-stories-card.tsx';
import { ActivitySection, CodeControls, DeleteFamilyCard, MembersCard } from './family-controls.tsx';
import { LeaveFamilyButton } from './leave-family-button.tsx';
import { FamilyTree } from './family-tree.tsx';
import { FamilySwitcher } from './family-switcher.tsx';
import { InviteCodeCard, ViewFamilyCodeButton } from './family-code.tsx';
import { FindFamiliesButton } from './find-families-button.tsx';
import { KidFormModal } from './kid-form-modal.tsx';
import { ReadersList } from './readers-list.tsx';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <RetryAlert label="Retry" onRetry={onRetry}>
      {FAMILY_TEXTS.loadFailed}
    </RetryAlert>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A parent without a family: the Create Your Family dialog opens at once (spec section 2). */
function CreateFirstFamily({ onCreated }: { onCreated: (familyId: string) => void }) {
  const [open, setOpen] = useState(true);
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    notify.info(FAMILY_TEXTS.noFamily);
  }, []);
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold mobile:text-2xl">Your Family</h1>
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-soft text-3xl text-brand">
          <HomeIcon />
        </span>
        <h2 className="text-2xl font-bold">{FAMILY_TEXTS.welcome}</h2>
        <p className="max-w-lg text-ink-soft">{FAMILY_TEXTS.noFamily}</p>
        <Button size="lg" onClick={() => setOpen(true)}>
          Create Your Family
        </Button>
      </Card>
      <CreateFamilyModal
        open={open}
        onOpenChange={setOpen}
        onCreated={(family) => {
          setOpen(false);
          onCreated(family.id);
        }}
      />
    </>
  );
}

/** A reader without a family: join by code or find the family by name. */
function JoinFirstFamily() {
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold mobile:text-2xl">Your Families</h1>
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-soft text-3xl text-brand">
          <UsersIcon />
        </span>
        <h2 className="text-2xl font-bold">{FAMILY_TEXTS.welcome}</h2>
        <p className="max-w-lg text-ink-soft">{FAMILY_PAGE_TEXTS.readerNoFamily}</p>
        <FindFamiliesButton variant="primary" />
      </Card>
    </>
  );
}

/** A reader's families, listed; picking one shows it below, read-only. */
function ReaderFamilyList({ families, currentId, onSelect }: { families: readonly FamilyListItem[]; currentId: string; onSelect: (id: string) => void }) {
  return (
    <section aria-labelledby="your-families-heading" className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h1 id="your-families-heading" className="text-3xl font-bold mobile:text-2xl">
          Your Families
        </h1>
        <FindFamiliesButton />
      </div>
      <ul className="grid grid-cols-3 gap-3 mobile:grid-cols-1 md:max-lg:grid-cols-2">
        {families.map((family) => {
          const current = family.id === currentId;
          return (
            <li key={family.id}>
              <button
                type="button"
                aria-pressed={current}
                onClick={() => onSelect(family.id)}
                className={`flex w-full flex-col items-start rounded-2xl border-2 px-4 py-3 text-left transition-colors ${current ? 'border-brand bg-brand-soft' : 'border-line bg-paper hover:border-brand/60'}`}
              >
                <span className="font-display text-xl font-bold">{family.name}</span>
                <span className="text-base text-ink-soft">
                  {plural(family.member_count, 'member', 'members')} · {plural(family.kids_count, 'kid', 'kids')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What the kid-devices feature adds to the family page, given by app/ (features meet only there). */
export type FamilyDeviceSlots = {
  /** The family's paired devices, for its parents. */
  devicesCard: (familyId: string) => ReactNode;
  /** The dialog that pairs a device to `kid` (null: closed). */
  setUpDialog: (familyId: string, kid: Kid | null, onClose: () => void) => ReactNode;
};

type FamilyDetailViewProps = {
  devices?: FamilyDeviceSlots;
  familyId: string;
  families: readonly FamilyListItem[];
  onSelect: (familyId: string) => void;
  accountRole: Role;
  userId: string;
};

function FamilyDetailView({ familyId, families, onSelect, accountRole, userId, devices }: FamilyDetailViewProps) {
  const familyQuery = useFamily(familyId);
  const [kidDialog, setKidDialog] = useState<{ open: boolean; kid: Kid | null }>({ open: false, kid: null });
  const [deviceKid, setDeviceKid] = useState<Kid | null>(null);
  const isReader = accountRole === 'grandparent';

  const header = isReader ? (
    <ReaderFamilyList families={families} currentId={familyId} onSelect={onSelect} />
  ) : (
    <FamilySwitcher families={families} currentId={familyId} onSelect={onSelect} className="mb-6 max-w-sm mobile:max-w-none" />
  );

  if (familyQuery.isPending) {
    return (
      <>
        {header}
        <LoadingScreen label={FAMILY_PAGE_TEXTS.loading} />
      </>
    );
  }
  if (familyQuery.isError) {
    return (
      <>
        {header}
        <LoadFailed onRetry={() => void familyQuery.refetch()} />
      </>
    );
  }

  const { family } = familyQuery.data;
  const isAdmin = family.my_role === 'admin';
  // Kid devices are the family's parents' to set up and remove (issue 26).
  const isParent = isParentRole(family.my_role);
  const readers = family.members.filter((member) => member.family_role === 'reader');
  const HeadingTag = isReader ? 'h2' : 'h1';

  return (
    <>
      {header}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <HeadingTag className={`font-bold ${isReader ? 'text-2xl' : 'text-4xl mobile:text-3xl'}`}>{family.name}</HeadingTag>
          <p className="text-ink-soft">
            {plural(family.member_count, 'member', 'members')} · {plural(family.kids_count, 'kid', 'kids')}
            {isAdmin ? ' · You are the family admin' : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 mobile:w-full">
          <LeaveFamilyButton familyId={family.id} familyName={family.name} />
          {isAdmin ? (
            <Button onClick={() => setKidDialog({ open: true, kid: null })} className="mobile:w-full">
              <PlusIcon /> Add Kid
            </Button>
          ) : null}
        </div>
      </div>

      <div className="flex flex-col gap-6">
        {isAdmin && family.family_code ? (
          <InviteCodeCard code={family.family_code}>
            <CodeControls family={family} />
          </InviteCodeCard>
        ) : null}
        <Card>
          <FamilyTree family={family} />
        </Card>
        <div className="grid grid-cols-2 gap-6 mobile:grid-cols-1">
          <ChildrenList
            familyId={family.id}
            kids={family.kids}
            canManage={isAdmin}
            onEdit={(kid) => setKidDialog({ open: true, kid })}
            onSetUpDevice={isParent && devices ? setDeviceKid : undefined}
          />
          <ReadersList
            readers={readers}
            action={isAdmin && family.family_code ? <ViewFamilyCodeButton code={family.family_code} familyName={family.name} /> : null}
          />
        </div>
        {isParent ? devices?.devicesCard(family.id) : null}
        {isAdmin ? <MembersCard family={family} myId={userId} /> : null}
        {isAdmin ? <ActivitySection familyId={family.id} /> : null}
        {isAdmin ? <DownloadStoriesCard familyId={family.id} /> : null}
        {isAdmin ? <DeleteFamilyCard family={family} /> : null}
      </div>

      {isParent ? devices?.setUpDialog(family.id, deviceKid, () => setDeviceKid(null)) : null}
      {isAdmin ? (
        <KidFormModal
          familyId={family.id}
          kid={kidDialog.kid}
          open={kidDialog.open}
          onOpenChange={(open) => setKidDialog((current) => ({ ...current, open }))}
        />
      ) : null}
    </>
  );
}

type FamilyPageProps = {
  /** The account's role: parents create families, readers see theirs read-only. */
  accountRole: Role;
  /** The account's id: the members list marks "you" and offers no Remove on oneself. */
  userId: string;
  /** Where the back button goes (the user's dashboard). */
  backTo: string;
  devices?: FamilyDeviceSlots;
};

/** /family (spec section 2, Family page). */
export function FamilyPage({ accountRole, userId, backTo, devices }: FamilyPageProps) {
  const { familiesQuery, families, currentFamily, selectFamily } = useCurrentFamily();

  let content;
  if (familiesQuery.isPending) content = <LoadingScreen label={FAMILY_PAGE_TEXTS.loading} />;
  else if (familiesQuery.isError) content = <LoadFailed onRetry={() => void familiesQuery.refetch()} />;
  else if (currentFamily) {
    content = (
      <FamilyDetailView familyId={currentFamily.id} families={families} onSelect={selectFamily} accountRole={accountRole} userId={userId} devices={devices} />
    );
  } else if (accountRole === 'parent') content = <CreateFirstFamily onCreated={selectFamily} />;
  else content = <JoinFirstFamily />;

  return (
    <div className="mx-auto max-w-5xl px-6 py-8 mobile:px-4 mobile:py-6">
      <Link to={backTo} className={buttonClasses('ghost', 'sm', '-ml-3 mb-4')}>
        <ArrowLeftIcon /> Back to Dashboard
      </Link>
      {content}
    </div>
  );
}
