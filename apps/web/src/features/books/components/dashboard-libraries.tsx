import { BookLibrary } from './book-library.tsx';
import { PremiumLibrary } from './premium-library.tsx';
import { RecordNewStoryButton } from './record-new-story-button.tsx';

/** The parent dashboard's paged Book Library and premium library (spec section 2). */
export function ParentDashboardLibraries() {
  return (
    <div className="mt-10 flex flex-col gap-10">
      <BookLibrary heading="Book Library" intro="Picture books your family’s readers can record for your kids." />
      <PremiumLibrary />
    </div>
  );
}

/** The reader dashboard's Story Library (paged) and Premium Library, collapsible, with Record New Story. */
export function ReaderDashboardLibraries() {
  return (
    <div className="mt-10 flex flex-col gap-10">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-honey-soft p-5">
        <p className="text-base text-ink">Choose a book and read it aloud for your grandkids.</p>
        <RecordNewStoryButton />
      </div>
      <BookLibrary heading="Story Library" collapsible />
      <PremiumLibrary collapsible />
    </div>
  );
}
