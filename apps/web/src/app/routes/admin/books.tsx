import { ComingSoonPage } from '../coming-soon-page.tsx';

export default function AdminBooksRoute() {
  return (
    <ComingSoonPage
      title="Manage Books"
      description="Uploading and removing catalogue books is coming soon."
    />
  );
}
