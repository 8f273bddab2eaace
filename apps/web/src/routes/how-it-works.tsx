import { createFileRoute, redirect } from '@tanstack/react-router';

/** /how-it-works → the landing page's how-it-works section (/#how-it-works). */
export const Route = createFileRoute('/how-it-works')({
  beforeLoad: () => {
    throw redirect({ to: '/', hash: 'how-it-works', replace: true });
  },
});
