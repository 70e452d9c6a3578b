import { ComingSoonPage } from './coming-soon-page.tsx';

export default function FamilyRoute() {
  return (
    <ComingSoonPage
      title="Your Family"
      description="Soon you can create your family here, add your kids, invite the grandparents with a family code and see everyone in your family tree."
    />
  );
}
