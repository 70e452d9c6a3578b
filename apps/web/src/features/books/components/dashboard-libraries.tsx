import { BookLibrary } from './book-library.tsx';
import { PremiumLibrary } from './premium-library.tsx';

/** The parent dashboard's paged Book Library and premium library (spec section 2). */
export function ParentDashboardLibraries() {
  return (
    <div className="mt-10 flex flex-col gap-10">
      <BookLibrary heading="Book Library" intro="Picture books your family’s readers can record for your kids." />
      <PremiumLibrary />
    </div>
  );
}

/** The reader dashboard's Story Library (paged) and Premium Library, collapsible (Record New Story sits atop the dashboard). */
export function ReaderDashboardLibraries() {
  return (
    <div className="mt-10 flex flex-col gap-10">
      <BookLibrary heading="Story Library" collapsible />
      <PremiumLibrary collapsible />
    </div>
  );
}
