import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityPage } from '../features/accessibility/accessibility-page.tsx';

/**
 * /accessibility: the accessibility statement (issue 31), a lazy route (autoCodeSplitting) like the
 * other legal pages; client-rendered as they are (the prerender covers only '/' and '/coverage').
 * Only its component: a route's head() and loader sit in the shop's initial JS, which had 38 bytes
 * left; the page loads its texts itself (useTranslation suspends) and sets its own title.
 */
export const Route = createFileRoute('/accessibility')({ component: AccessibilityPage });
