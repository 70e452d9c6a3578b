import type { Page } from '@playwright/test';

// Shared by the kid-device journeys (issue 26).

/** The grandparent reads one short story into the (fake) microphone for each kid, as the recorder's audio mode does. */
export async function recordFor(grandparent: Page, stories: { bookId: string; kidId: string }[]): Promise<string[]> {
  return grandparent.evaluate(async (stories) => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const ids: string[] = [];
    for (const story of stories) {
      const reading = await new Promise<Blob>((resolve) => {
        const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm' });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        recorder.onstop = () => resolve(new Blob(chunks, { type: 'audio/webm' }));
        recorder.start(250);
        setTimeout(() => recorder.stop(), 3000);
      });
      const form = new FormData();
      form.append('book_id', story.bookId);
      form.append('recording_type', 'audio_only');
      form.append('duration_seconds', '3');
      form.append('kid_ids', JSON.stringify([story.kidId]));
      form.append('is_premium', 'false');
      form.append('recording', reading, 'reading.webm');
      const res = await fetch('/api/recording/upload', { method: 'POST', body: form, credentials: 'include' });
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { recording: { id: string } }).recording.id);
    }
    for (const track of stream.getTracks()) track.stop();
    return ids;
  }, stories);
}
