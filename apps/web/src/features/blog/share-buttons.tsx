// Share buttons (spec §2): open the network's share page for this article in a new tab.
import { Group, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shareLinks, type ShareNetwork } from './share-links.ts';
import classes from './share-buttons.module.css';

const ICONS: Record<ShareNetwork, typeof IconBrandFacebook> = {
  facebook: IconBrandFacebook,
  twitter: IconBrandX,
  linkedin: IconBrandLinkedin,
};

const NETWORKS: readonly ShareNetwork[] = ['facebook', 'twitter', 'linkedin'];

export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('blog');
  const { t: tc } = useTranslation('common');
  const links = shareLinks(url, title);
  return (
    <Group gap="sm" role="group" aria-labelledby="share-title">
      <Text id="share-title" fw={700} size="sm" me={4}>
        {t('article.shareTitle')}
      </Text>
      {NETWORKS.map((network) => {
        const Icon = ICONS[network];
        return (
          <a
            key={network}
            href={links[network]}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.button}
            data-network={network}
            aria-label={`${t(`article.shareOn.${network}`)} ${tc('a11y.opensInNewTab')}`}
            title={t(`article.shareOn.${network}`)}
          >
            <Icon size={20} aria-hidden />
          </a>
        );
      })}
    </Group>
  );
}
