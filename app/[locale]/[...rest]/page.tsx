import { notFound } from 'next/navigation';

// Any unknown path under a locale renders the localized not-found page with a real 404.
export default function CatchAllPage() {
  notFound();
}
