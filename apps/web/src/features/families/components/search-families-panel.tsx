import { useState, type FormEvent } from 'react';
import { FAMILY_SEARCH_MIN_LENGTH } from '@fst/shared/constants';
import type { FamilySearchResult } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS, VALIDATION } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/toast.ts';
import { useRequestJoin } from '../api/request-join.ts';
import { useSearchFamilies } from '../api/search-families.ts';
import { failureText } from '../failure-text.ts';
import { RelationshipField } from './relationship-field.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const counts = (family: FamilySearchResult) => `${plural(family.member_count, 'member', 'members')} · ${plural(family.kids_count, 'kid', 'kids')}`;

function StatusTag({ children }: { children: string }) {
  return <span className="inline-flex min-h-10 items-center rounded-full bg-sage-soft px-4 text-base font-semibold text-sage">{children}</span>;
}

/** Find Families: each row asks to join on its own; the button turns into a disabled Request Sent (keeping its focus). */
function RequestRow({ family, relationship }: { family: FamilySearchResult; relationship: string }) {
  const request = useRequestJoin();
  const send = () =>
    request.mutate(
      { familyId: family.id, relationship },
      {
        onSuccess: () => notify.success(FAMILY_TEXTS.requestSent),
        onError: (error) => notify.error(failureText(error, { failed: FAMILY_TEXTS.requestFailed, network: FAMILY_TEXTS.genericError })),
      },
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-semibold">{family.name}</p>
        <p className="text-base text-ink-soft">{counts(family)}</p>
      </div>
      {family.is_member ? (
        <StatusTag>Member</StatusTag>
      ) : family.request_pending || request.isSuccess ? (
        // aria-disabled, not disabled: the button keeps the focus it had when the request was sent.
        <Button size="sm" variant="secondary" aria-disabled="true">
          Request Sent<span className="sr-only"> to {family.name}</span>
        </Button>
      ) : (
        <Button size="sm" onClick={() => request.isPending || send()} aria-disabled={request.isPending || undefined} aria-busy={request.isPending || undefined}>
          {request.isPending ? 'Sending...' : 'Request to Join'}
          <span className="sr-only"> {family.name}</span>
        </Button>
      )}
    </li>
  );
}

/** Join Your Family (after signup): tick several families, then send a request to each. */
function SelectList({ families, relationship, onRequestsSent }: { families: FamilySearchResult[]; relationship: string; onRequestsSent: () => void }) {
  const request = useRequestJoin();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const selectable = (family: FamilySearchResult) => !family.is_member && !family.request_pending;
  const chosen = families.filter((family) => selected.has(family.id) && selectable(family));

  const toggle = (familyId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(familyId);
      else next.delete(familyId);
      return next;
    });

  const joinSelected = async () => {
    if (chosen.length === 0) return;
    setSending(true);
    const results = await Promise.allSettled(chosen.map((family) => request.mutateAsync({ familyId: family.id, relationship })));
    setSending(false);
    const failed = chosen.filter((_family, index) => results[index]!.status === 'rejected');
    // Sent requests leave the selection; failed ones stay ticked for another try.
    setSelected(new Set(failed.map((family) => family.id)));
    if (failed.length === 0) {
      notify.success(FAMILY_TEXTS.requestSent);
      onRequestsSent();
    } else {
      notify.error(FAMILY_TEXTS.joinManyFailed);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-base font-semibold">Choose your family (one or more)</legend>
        <ul className="flex flex-col gap-2">
          {families.map((family) => {
            const id = `join-family-${family.id}`;
            const available = selectable(family);
            return (
              <li key={family.id}>
                <div className="flex items-center gap-3 rounded-2xl border-2 border-line bg-paper px-4 py-3 has-checked:border-brand has-checked:bg-brand-soft">
                  <input
                    id={id}
                    type="checkbox"
                    className="size-5 shrink-0 accent-brand"
                    checked={available && selected.has(family.id)}
                    disabled={!available || sending}
                    onChange={(e) => toggle(family.id, e.target.checked)}
                  />
                  <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                    <span className="block font-semibold">{family.name}</span>
                    <span className="block text-base text-ink-soft">{counts(family)}</span>
                  </label>
                  {family.is_member ? <StatusTag>Member</StatusTag> : family.request_pending ? <StatusTag>Request Sent</StatusTag> : null}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Button onClick={() => void joinSelected()} disabled={chosen.length === 0 || sending} aria-busy={sending || undefined}>
        {sending ? 'Sending...' : chosen.length > 1 ? `Join Selected (${chosen.length})` : 'Join Selected'}
      </Button>
    </div>
  );
}

type SearchFamiliesPanelProps = {
  /** `select`: multi-select and Join Selected (signup modal); `request`: Request to Join per row (Find Families). */
  mode: 'select' | 'request';
  relationship: string;
  onRelationshipChange: (value: string) => void;
  /** `select` mode: every selected family got its request. */
  onRequestsSent?: () => void;
};

/** Tab Search Family: find a family by name (at least 2 characters) and ask to join it. */
export function SearchFamiliesPanel({ mode, relationship, onRelationshipChange, onRequestsSent }: SearchFamiliesPanelProps) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [inputError, setInputError] = useState<string>();
  const search = useSearchFamilies(query);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = input.trim();
    if (q.length < FAMILY_SEARCH_MIN_LENGTH) {
      setInputError(VALIDATION.familySearchTooShort);
      return;
    }
    setInputError(undefined);
    if (q === query) void search.refetch();
    else setQuery(q);
  };

  const families = search.data?.families ?? [];

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={onSubmit} noValidate role="search" className="flex items-start gap-3 mobile:flex-col mobile:items-stretch">
        <TextField
          label="Family Name"
          type="search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="e.g. The Smiths"
          autoComplete="off"
          error={inputError}
          className="flex-1"
        />
        <Button type="submit" variant="secondary" className="mt-8.5 mobile:mt-0" disabled={search.isFetching}>
          <SearchIcon /> Search
        </Button>
      </form>
      <RelationshipField value={relationship} onChange={onRelationshipChange} />

      {/* Announces the outcome only; the list itself is not a live region. */}
      <p role="status" className="sr-only">
        {query !== '' && search.isSuccess && families.length > 0 ? `${plural(families.length, 'family', 'families')} found` : ''}
      </p>
      <div>
        {query === '' ? null : search.isPending ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> {FAMILY_PAGE_TEXTS.searching}
          </p>
        ) : search.isError ? (
          <Alert tone="error">{failureText(search.error, { failed: FAMILY_TEXTS.searchFailed, network: FAMILY_TEXTS.searchError })}</Alert>
        ) : families.length === 0 ? (
          <p role="status" className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">
            {FAMILY_TEXTS.noSearchResults}
          </p>
        ) : mode === 'request' ? (
          <ul aria-label="Families found" className="flex flex-col divide-y divide-line">
            {families.map((family) => (
              <RequestRow key={family.id} family={family} relationship={relationship} />
            ))}
          </ul>
        ) : (
          <SelectList families={families} relationship={relationship} onRequestsSent={onRequestsSent ?? (() => undefined)} />
        )}
      </div>
    </div>
  );
}
