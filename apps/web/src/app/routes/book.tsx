import { ComingSoonPage } from './coming-soon-page.tsx';

export default function BookRoute() {
  return (
    <ComingSoonPage
      title="Book"
      description="Here you will preview a book, start a recording and see your family's readings of it."
    />
  );
}
