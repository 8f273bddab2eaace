// The shop's facts come from the page the server wrote (<meta name="shop-facts">), not the build:
// one build serves any shop. What the page lacks keeps its default.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOP_FACTS_META, SHOP_FACTS_TOKEN, SHOP_FACT_DEFAULTS } from './config-defaults.ts';
import { pageShopFacts, shopConfig } from './config.ts';

const FACTS = {
  productName: 'Globetrotter Data',
  supportEmail: 'help@globetrotter.example',
  salesEmail: 'partners@globetrotter.example',
  phone: '+1 (555) 010-0100',
  whatsappPhone: '+1 555 010 0199',
  postalAddress: ['42 Harbour Road', 'Lisbon', 'Portugal'],
  social: {
    facebook: 'https://facebook.example/globetrotter',
    instagram: 'https://instagram.example/globetrotter',
    linkedin: 'https://linkedin.example/globetrotter',
  },
};

function setMeta(content: string | null): void {
  document.head.querySelector(`meta[name="${SHOP_FACTS_META}"]`)?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = SHOP_FACTS_META;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  setMeta(null);
  vi.resetModules();
});

describe('config', () => {
  it('takes the facts the server wrote into the page, with the links made from them', async () => {
    setMeta(JSON.stringify(FACTS));
    vi.resetModules();
    const { config, i18nDefaults } = await import('./config.ts');
    expect(config).toMatchObject(FACTS);
    expect(config.phoneHref).toBe('tel:+15550100100');
    expect(config.whatsappHref).toBe('https://wa.me/15550100199');
    expect(i18nDefaults).toEqual({ product: 'Globetrotter Data', email: 'help@globetrotter.example', phone: '+1 (555) 010-0100' });
  });

  it("keeps the defaults where the page has no facts (the dev server's token, no meta, not JSON)", async () => {
    for (const content of [SHOP_FACTS_TOKEN, null, '{"productName":']) {
      setMeta(content);
      expect(pageShopFacts()).toEqual({});
      vi.resetModules();
      const { config } = await import('./config.ts');
      expect(config, String(content)).toMatchObject(SHOP_FACT_DEFAULTS);
    }
  });

  it('replaces each missing or malformed fact by its default, the others kept', () => {
    const config = shopConfig({
      productName: '  Globetrotter Data  ',
      supportEmail: '',
      phone: 42,
      postalAddress: ['', '  Lisbon ', 7],
      social: { facebook: 'javascript:alert(1)', instagram: 'https://instagram.example/g' },
    });
    expect(config.productName).toBe('Globetrotter Data');
    expect(config.supportEmail).toBe(SHOP_FACT_DEFAULTS.supportEmail);
    expect(config.phone).toBe(SHOP_FACT_DEFAULTS.phone);
    expect(config.postalAddress).toEqual(['Lisbon']);
    expect(config.social).toEqual({
      facebook: SHOP_FACT_DEFAULTS.social.facebook,
      instagram: 'https://instagram.example/g',
      linkedin: SHOP_FACT_DEFAULTS.social.linkedin,
    });
    expect(shopConfig(null)).toMatchObject(SHOP_FACT_DEFAULTS);
    expect(shopConfig({ postalAddress: [] }).postalAddress).toEqual(SHOP_FACT_DEFAULTS.postalAddress);
  });
});
