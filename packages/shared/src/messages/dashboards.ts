// The parent and reader dashboards.
// The reader dashboard's texts beyond the spec's own (spec section 2 "Reader dashboard").
export const READER_DASHBOARD_TEXTS = {
  statsLoadFailed: 'Could not load your stats',
  loadingStories: 'Loading your stories…',
  requestsLoadFailed: 'Could not load story requests',
  noPremiumRequests: 'No premium story requests.',
  noRegularRequests: 'No story requests right now.',
  noRequests: 'No story requests yet. When a parent asks you for a story, it shows here.',
} as const;

// The parent dashboard (spec section 2 "Parent dashboard"): texts the spec leaves unnamed.
export const PARENT_DASHBOARD_TEXTS = {
  unwatched: (n: number) => (n === 0 ? 'All caught up! Every story has been watched.' : `${n} unwatched ${n === 1 ? 'story' : 'stories'} waiting`),
  statsLoadFailed: 'Could not load your family’s story stats',
  noLastWatched: 'No story watched yet. Play one and it shows here, ready to replay.',
  bedtimeIntro: 'Who is going to bed? Their stories play one after another in a calm, dark player.',
  readersLoadFailed: 'Could not load the readers of this family',
  noCurrentStories: (kidName: string) => `No stories for ${kidName} yet. Ask a reader for one, or assign a story your family already has.`,
  allAssigned: (kidName: string) => `Every finished story of your family is already in ${kidName}’s stories.`,
  noStoryMatch: (q: string) => `No stories match “${q}”.`,
  watched: 'Watched',
  noStoriesYet: 'No stories yet. Ask a reader for one: it shows up here, ready to watch.',
} as const;
