import { ComingSoonPage } from './coming-soon-page.tsx';

export default function RecordingRoute() {
  return (
    <ComingSoonPage
      title="Recording"
      description="The details of a recording, and sharing it with more kids, are coming soon."
    />
  );
}
