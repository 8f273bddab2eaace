import { createFileRoute, redirect } from '@tanstack/react-router';

/** /plans → the landing page's destination picker and plans (/#plans). */
export const Route = createFileRoute('/plans')({
  beforeLoad: () => {
    throw redirect({ to: '/', hash: 'plans', replace: true });
  },
});
