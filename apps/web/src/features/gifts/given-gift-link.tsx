// Issue 29: the buyer's 'Manage your eSIM' link of an eSIM given as a gift (the gift receipt's
// 'Manage your gift', or 'Find my order'): the gift's card — to whom, scheduled / sent / claimed /
// refunded — never the install details (esimLinks.gift gives none), and while it is neither claimed
// nor installed the link's refund with an e-mailed code. Lazy: the link page loads it only when
// esimLinks.get answers 403 'gift_given'.
import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { EsimLinkGone, LinkRefund } from '../esim/esim-link-parts.tsx';
import { GiftCard } from './given-gifts.tsx';

export default function GivenGiftByLink({ token }: { token: string }) {
  const trpc = useTRPC();
  // Read each time the page opens: a claim or a refund since changes what it says.
  const gift = useQuery(trpc.esimLinks.gift.queryOptions({ token }, { staleTime: 0, retry: false }));
  if (gift.isPending) return <Skeleton height={160} radius="lg" />;
  if (gift.isError) return <EsimLinkGone />;
  return <GiftCard gift={gift.data} refundSlot={<LinkRefund token={token} />} />;
}
