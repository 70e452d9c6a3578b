import type { PlaylistItem } from '@fst/shared/playback/playback.schema';

/** What kind of story a playlist item is, as its card and the playlist editor say it. */
export function storyKind(item: PlaylistItem): string {
  if (item.is_ai) return 'AI audio';
  return item.recording.video_url ? 'Video' : 'Audio';
}
