// The recorder's safety net (issue 5 "Nothing is lost"): every chunk MediaRecorder hands over is written
// to IndexedDB at once, so a reload, a crash or a sleeping device loses nothing. A session is deleted only
// after the server has confirmed its upload. Raw IndexedDB: two stores, no library.

const DB_NAME = 'fst-recordings';
const DB_VERSION = 1;
const SESSIONS = 'sessions';
const CHUNKS = 'chunks';

export type StoredPageTurn = { page: number; at_seconds: number };

/** What the recorder knows about one reading, kept beside its chunks. */
export type RecordingSession = {
  id: string;
  /** The signed-in user who recorded it: another account on the same browser never sees it. */
  userId: string;
  bookId: string;
  bookTitle: string;
  premium: boolean;
  kidIds: string[];
  kidNames: string[];
  recordingType: string;
  mimeType: string;
  /** ms since the epoch. */
  startedAt: number;
  /** Seconds recorded so far (pauses excluded). */
  durationSeconds: number;
  pageTrack: StoredPageTurn[];
  /** The recorder stopped normally (otherwise it was cut short: still worth sending). */
  finished: boolean;
  /** A tus upload already begun for these bytes, to resume rather than start again. */
  uploadUrl?: string | null;
  /** The tus upload of these bytes once finished: only its last call is left to send (again). */
  uploadedId?: string | null;
};

type StoredChunk = { sessionId: string; seq: number; data: Blob };

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(CHUNKS)) {
        const chunks = db.createObjectStore(CHUNKS, { keyPath: ['sessionId', 'seq'] });
        chunks.createIndex('bySession', 'sessionId');
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opening;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
  });
}

/** Creates or updates a session's description. */
export async function saveSession(session: RecordingSession): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(SESSIONS, 'readwrite');
  tx.objectStore(SESSIONS).put(session);
  await done(tx);
}

/** Merges `changes` into a stored session (no-op when it is gone). */
export async function updateSession(id: string, changes: Partial<Omit<RecordingSession, 'id'>>): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(SESSIONS, 'readwrite');
  const store = tx.objectStore(SESSIONS);
  const current = await result(store.get(id) as IDBRequest<RecordingSession | undefined>);
  if (current) store.put({ ...current, ...changes });
  await done(tx);
}

/** Appends one chunk, together with the session's latest duration and page track. */
export async function appendChunk(id: string, seq: number, data: Blob, changes: Partial<Omit<RecordingSession, 'id'>> = {}): Promise<void> {
  const db = await openDb();
  const tx = db.transaction([SESSIONS, CHUNKS], 'readwrite');
  tx.objectStore(CHUNKS).put({ sessionId: id, seq, data } satisfies StoredChunk);
  const sessions = tx.objectStore(SESSIONS);
  const current = await result(sessions.get(id) as IDBRequest<RecordingSession | undefined>);
  if (current) sessions.put({ ...current, ...changes });
  await done(tx);
}

/** The user's sessions that were not confirmed by the server, newest first. */
export async function listSessions(userId: string): Promise<RecordingSession[]> {
  const db = await openDb();
  const all = await result(db.transaction(SESSIONS).objectStore(SESSIONS).getAll() as IDBRequest<RecordingSession[]>);
  return all.filter((s) => s.userId === userId).sort((a, b) => b.startedAt - a.startedAt);
}

/** How many bytes a session holds. */
export async function sessionBytes(id: string): Promise<number> {
  const chunks = await readChunks(id);
  return chunks.reduce((sum, c) => sum + c.size, 0);
}

async function readChunks(id: string): Promise<Blob[]> {
  const db = await openDb();
  const index = db.transaction(CHUNKS).objectStore(CHUNKS).index('bySession');
  const rows = await result(index.getAll(IDBKeyRange.only(id)) as IDBRequest<StoredChunk[]>);
  return rows.sort((a, b) => a.seq - b.seq).map((r) => r.data);
}

/** The whole recording as one file, chunks in order. */
export async function sessionBlob(session: RecordingSession): Promise<Blob> {
  return new Blob(await readChunks(session.id), { type: session.mimeType });
}

/** Deletes a session and its chunks (after the server has confirmed the upload, or on Discard). */
export async function deleteSession(id: string): Promise<void> {
  const db = await openDb();
  const tx = db.transaction([SESSIONS, CHUNKS], 'readwrite');
  tx.objectStore(SESSIONS).delete(id);
  tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
  await done(tx);
}
