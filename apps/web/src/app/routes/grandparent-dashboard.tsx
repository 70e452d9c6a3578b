import { PageTitle } from '../../components/ui/page-title.tsx';
import { useSession } from '../../features/auth/api/get-me.ts';
import { ReaderDashboardLibraries } from '../../features/books/components/dashboard-libraries.tsx';
import { NoFamilyState } from '../../features/families/components/no-family-state.tsx';
import { ReaderFamilies } from '../../features/families/components/reader-families.tsx';
import { YourStories } from '../../features/recordings/components/your-stories.tsx';

export function GrandparentDashboardRoute() {
  const { data } = useSession();
  // Spec section 2: only families where the user reads are listed here.
  const readerFamilies = (data?.families ?? []).filter((family) => family.my_role === 'reader');
  return (
    <div className="mx-auto max-w-6xl px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Reader Dashboard" />
      <h1 className="mb-2 text-4xl font-bold mobile:text-3xl">Your Story Library</h1>
      <p className="mb-8 text-ink-soft">Record bedtime stories your grandkids can watch again and again.</p>
      <ReaderFamilies />
      {readerFamilies.length === 0 ? <NoFamilyState role="grandparent" /> : null}
      {data ? <YourStories userId={data.user.id} /> : null}
      <ReaderDashboardLibraries />
    </div>
  );
}
