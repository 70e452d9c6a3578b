import { ComingSoonPage } from './coming-soon-page.tsx';

export default function StoryRoute() {
  return (
    <ComingSoonPage
      title="Story"
      description="The full-screen story player is coming soon."
    />
  );
}
