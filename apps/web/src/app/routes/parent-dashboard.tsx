import { ComingSoonCard } from '../../components/ui/coming-soon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useSession } from '../../features/auth/api/get-me.ts';
import { ParentDashboardLibraries } from '../../features/books/components/dashboard-libraries.tsx';
import { NoFamilyState } from '../../features/families/components/no-family-state.tsx';
import { ParentFamilyBar } from '../../features/families/components/parent-family-bar.tsx';

export function ParentDashboardRoute() {
  const { data } = useSession();
  const families = data?.families ?? [];
  return (
    <div className="mx-auto max-w-6xl px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Parent Dashboard" />
      <h1 className="mb-2 text-4xl font-bold mobile:text-3xl">Family Story Time</h1>
      <p className="mb-8 text-ink-soft">Stories from the people your kids love, ready for bedtime.</p>
      {families.length > 0 ? <ParentFamilyBar /> : null}
      {families.length === 0 ? (
        <NoFamilyState role="parent" />
      ) : (
        <ComingSoonCard
          title="Your family's stories"
          description="Your kids, readers, recent stories and Bedtime Mode will appear here very soon."
        />
      )}
      <ParentDashboardLibraries />
    </div>
  );
}
