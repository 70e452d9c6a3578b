import { ComingSoonPage } from './coming-soon-page.tsx';

export default function ChildRoute() {
  return (
    <ComingSoonPage
      title="Stories"
      description="A child's stories, playlist and Bedtime Mode are coming soon."
    />
  );
}
