import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PLAYBACK_TEXTS } from '@fst/shared/messages';
import { moveItem, orderPlaylist, shuffle } from '@fst/shared/playback/playback.rules';
import type { PlaylistItem } from '@fst/shared/playback/playback.schema';
import { formatDuration } from '@fst/shared/recordings/recordings.rules';
import { Button } from '../../../components/ui/button.tsx';
import { BookIcon, MicIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useResetPlaylistOrder } from '../api/reset-playlist-order.ts';
import { useSavePlaylistOrder } from '../api/save-playlist-order.ts';
import { storyKind } from './story-kind.ts';

/**
 * Move up, move down, drag (by pointer, or by keyboard: Space, the arrow keys, Space), shuffle, reset; saved on
 * the server so every device plays the same order. Each story shows its poster, reader and length: two
 * readings of one book must not look alike (issue 22).
 */
export function PlaylistEditor({ kidId, items, onDone }: { kidId: string; items: PlaylistItem[]; onDone: () => void }) {
  const save = useSavePlaylistOrder(kidId);
  const reset = useResetPlaylistOrder(kidId);
  const [draft, setDraft] = useState(() => items.map((item) => item.recording_id));
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<string | null>(null);
  const headingId = useId();
  const byId = useMemo(() => new Map(items.map((item) => [item.recording_id, item])), [items]);
  // Stories that arrived or went while editing: the saved order still lists each story once.
  const order = orderPlaylist(
    items.map((item) => item.recording_id),
    draft,
  );
  const titleOf = (id: string) => byId.get(id)?.recording.book_title ?? 'A removed book';
  const busy = save.isPending || reset.isPending;
  const sensors = useSensors(
    // A drag starts after a few pixels, so a tap on the handle is not one.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionText = (id: UniqueIdentifier | undefined) => {
    const at = order.indexOf(String(id));
    return `${titleOf(String(id))}, position ${at + 1} of ${order.length}`;
  };

  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [draft]);

  const move = (index: number, direction: 'up' | 'down') => {
    const next = moveItem(order, index, direction);
    if (next[index] === order[index]) return;
    const id = order[index]!;
    const to = direction === 'up' ? index - 1 : index + 1;
    // Keep the focus on the moved story; at either end on its other button.
    const stillMovable = direction === 'up' ? to > 0 : to < order.length - 1;
    focusAfter.current = `${headingId}-${stillMovable ? direction : direction === 'up' ? 'down' : 'up'}-${id}`;
    setDraft(next);
    setAnnouncement(`${titleOf(id)} moved to position ${to + 1} of ${order.length}`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || busy) return;
    const from = order.indexOf(String(active.id));
    const to = order.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    setDraft(arrayMove(order, from, to));
  };

  const onShuffle = () => {
    setDraft(shuffle(order, Math.random));
    setAnnouncement('Stories shuffled');
  };

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (playlist) => {
        setDraft(playlist.items.map((item) => item.recording_id));
        notify.success(PLAYBACK_TEXTS.orderReset);
        onDone();
      },
      onError: (error) => notify.error(errorText(error, PLAYBACK_TEXTS.orderSaveFailed)),
    });

  const onSave = () =>
    save.mutate(order, {
      onSuccess: () => {
        notify.success(PLAYBACK_TEXTS.orderSaved);
        onDone();
      },
      onError: (error) => notify.error(errorText(error, PLAYBACK_TEXTS.orderSaveFailed)),
    });

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-paper p-6 shadow-card mobile:p-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Edit Playlist Order
      </h2>
      <p className="mb-4 text-base text-ink-soft">Drag stories, or move them up or down, or shuffle them. The saved order plays the same on every device.</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable: 'To pick up a story, press Space or Enter. Move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel.',
          },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${positionText(active.id)}`,
            onDragOver: ({ active, over }) =>
              over ? `${titleOf(String(active.id))} is over position ${order.indexOf(String(over.id)) + 1} of ${order.length}` : undefined,
            onDragEnd: ({ active, over }) =>
              over
                ? `${titleOf(String(active.id))} dropped at position ${order.indexOf(String(over.id)) + 1} of ${order.length}`
                : `${titleOf(String(active.id))} dropped`,
            onDragCancel: ({ active }) => `Moving ${titleOf(String(active.id))} cancelled`,
          },
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol aria-label="Playlist order" className="flex flex-col gap-2">
            {order.map((id, index) => {
              const item = byId.get(id);
              return (
                <SortableStory key={id} id={id} item={item} index={index} count={order.length} disabled={busy}>
                  <Button
                    id={`${headingId}-up-${id}`}
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${titleOf(id)} up`}
                    aria-disabled={index === 0 || busy || undefined}
                    onClick={() => index > 0 && !busy && move(index, 'up')}
                  >
                    ↑<span className="mobile:sr-only">Up</span>
                  </Button>
                  <Button
                    id={`${headingId}-down-${id}`}
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${titleOf(id)} down`}
                    aria-disabled={index === order.length - 1 || busy || undefined}
                    onClick={() => index < order.length - 1 && !busy && move(index, 'down')}
                  >
                    ↓<span className="mobile:sr-only">Down</span>
                  </Button>
                </SortableStory>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="mt-4 flex flex-wrap gap-3 mobile:flex-col">
        <Button variant="primary" onClick={onSave} disabled={busy} aria-busy={save.isPending || undefined}>
          {save.isPending ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
          Save Order
        </Button>
        <Button variant="secondary" onClick={onShuffle} disabled={busy}>
          Shuffle
        </Button>
        <Button variant="secondary" onClick={onReset} disabled={busy} aria-busy={reset.isPending || undefined}>
          Reset to newest first
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

type SortableStoryProps = { id: string; item: PlaylistItem | undefined; index: number; count: number; disabled: boolean; children: ReactNode };

/** One story of the playlist editor: its drag handle, poster, title, reader and length, and its Up/Down buttons. */
function SortableStory({ id, item, index, count, disabled, children }: SortableStoryProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const recording = item?.recording;
  const title = recording?.book_title ?? 'A removed book';
  return (
    <li
      ref={setNodeRef}
      data-testid="order-item"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-3 rounded-xl border border-line bg-cream px-3 py-2 mobile:gap-2 mobile:px-2 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${title}, read by ${recording?.reader_name ?? 'a reader'}, position ${index + 1} of ${count}`}
        className="inline-flex min-h-11 min-w-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-ink-soft hover:bg-cream-deep active:cursor-grabbing"
      >
        <GripGlyph />
      </button>
      <span
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-base font-bold text-white mobile:hidden"
        aria-hidden="true"
      >
        {index + 1}
      </span>
      {recording?.poster_url ? (
        <img src={recording.poster_url} alt="" className="h-12 w-16 shrink-0 rounded-lg bg-night object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-12 w-16 shrink-0 items-center justify-center rounded-lg bg-honey-soft">
          {recording?.video_url ? <BookIcon className="size-6 text-brand" /> : <MicIcon className="size-6 text-brand" />}
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-lg font-semibold">{title}</span>
        {item && recording ? (
          <span className="truncate text-base text-ink-soft">{`${recording.reader_name} · ${storyKind(item)} · ${formatDuration(recording.duration_seconds)}`}</span>
        ) : null}
      </span>
      <span className="sr-only">{`, position ${index + 1} of ${count}`}</span>
      {children}
    </li>
  );
}

function GripGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="currentColor" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}
