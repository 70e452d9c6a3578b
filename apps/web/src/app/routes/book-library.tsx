import { ComingSoonPage } from './coming-soon-page.tsx';

export default function BookLibraryRoute() {
  return (
    <ComingSoonPage
      title="Book Library"
      description="The full picture-book library, page by page, is on its way."
    />
  );
}
