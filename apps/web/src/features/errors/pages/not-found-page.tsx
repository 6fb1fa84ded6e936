import { NotFoundPanel } from '../components/not-found-panel.tsx';

/** The catch-all route. */
export function NotFoundPage() {
  return <NotFoundPanel />;
}
