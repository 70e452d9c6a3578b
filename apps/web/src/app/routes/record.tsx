import { ComingSoonPage } from './coming-soon-page.tsx';

export default function RecordRoute() {
  return (
    <ComingSoonPage
      title="Record a Story"
      description="The recorder, with the book's pages beside your camera, is on its way."
    />
  );
}
