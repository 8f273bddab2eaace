import { describe, expect, it } from 'vitest';
import { DEVICE_BRANDS } from './device-data.ts';
import { buildDeviceIndex, deviceTokens, matchDevice, searchDevices, type DeviceMatch } from './device-match.ts';

const index = buildDeviceIndex(DEVICE_BRANDS);

/** 'device:<label>:<support>', 'partial', 'unknown' or 'empty'. */
function answer(text: string): string {
  const m: DeviceMatch = matchDevice(index, text);
  return m.kind === 'device' ? `device:${m.entry.label}:${m.entry.device.support}` : m.kind;
}

describe('deviceTokens', () => {
  it.each([
    ['iPhone 15 Pro', ['iphone', '15', 'pro']],
    ['iphone15pro', ['iphone', '15', 'pro']],
    ['ＩＰｈｏｎｅ１５　Ｐｒｏ', ['iphone', '15', 'pro']],
    ['Xpéria 1 Ⅴ', ['xperia', '1', 'v']],
    ['Galaxy S20+', ['galaxy', 's', '20', 'plus']],
    ['Galaxy A54 5G', ['galaxy', 'a', '54']],
    ['  ', []],
  ])('%s → %j', (text, tokens) => {
    expect(deviceTokens(text)).toEqual(tokens);
  });
});

describe('matchDevice', () => {
  it.each([
    ['iphone 15 pro', 'device:Apple iPhone 15 Pro:yes'],
    ['IPHONE 15 PRO', 'device:Apple iPhone 15 Pro:yes'],
    ['iPhone15Pro', 'device:Apple iPhone 15 Pro:yes'],
    ['Apple iPhone 15 Pro', 'device:Apple iPhone 15 Pro:yes'],
    ['ÍPhoné 15 Pró', 'device:Apple iPhone 15 Pro:yes'],
    ['iphnoe 15 pro', 'device:Apple iPhone 15 Pro:yes'],
    ['iPhone XS', 'device:Apple iPhone XS:yes'],
    ['iPhone SE 2020', 'device:Apple iPhone SE (2nd generation):yes'],
    ['Pixel 3', 'device:Google Pixel 3:yes'],
    ['google pixel 8a', 'device:Google Pixel 8a:yes'],
    ['Galaxy S20', 'device:Samsung Galaxy S20:yes'],
    ['Samsung S23 Ultra', 'device:Samsung Galaxy S23 Ultra:yes'],
    ['galxy s24+', 'device:Samsung Galaxy S24+:yes'],
    ['Galaxy S24 Plus', 'device:Samsung Galaxy S24+:yes'],
    ['Galaxy A54 5G', 'device:Samsung Galaxy A54:varies'],
    ['三星 Galaxy S23', 'device:Samsung Galaxy S23:yes'],
    ['Surface Pro X', 'device:Microsoft Surface Pro X:yes'],
    ['iPad Air (5th generation)', 'device:Apple iPad Air (5th generation):yes'],
    ['Xperia 1 V', 'device:Sony Xperia 1 V:yes'],
    ['Motorola razr 40 ultra', 'device:Motorola razr 40 ultra:yes'],
    ['razr 5G', 'device:Motorola razr 5G:yes'],
    ['OnePlus 11', 'device:OnePlus 11:no'],
    ['OnePlus 12', 'device:OnePlus 12:varies'],
    ['华为 P40 Pro', 'device:Huawei P40 Pro:varies'],
  ])('%s → %s', (text, expected) => {
    expect(answer(text)).toBe(expected);
  });

  it.each(['iPhone 8', 'iPhone X', 'Galaxy A14', 'Pixel 2', 'Galaxy S10', 'Nokia 3310', 'iPhone 1', 'xyz'])('%s → not known', (text) => {
    expect(answer(text)).toBe('unknown');
  });

  it('a family or a brand asks for the exact model', () => {
    for (const text of ['iPad Pro', 'Galaxy S', 'Pixel', 'razr', 'Samsung']) expect(answer(text), text).toBe('partial');
    const m = matchDevice(index, 'iPad Pro');
    expect(m.kind === 'partial' && m.entries.every((e) => e.device.model.startsWith('iPad Pro'))).toBe(true);
  });

  it('nothing typed is empty', () => {
    expect(answer('')).toBe('empty');
    expect(answer(' - ')).toBe('empty');
  });

  it('every listed model finds itself, by its label and by its model name', () => {
    for (const entry of index.entries) {
      for (const text of [entry.label, entry.device.model]) {
        const m = matchDevice(index, text);
        expect(m.kind === 'device' && m.entry.device.support, text).toBe(entry.device.support);
      }
    }
  });
});

describe('the data', () => {
  const label = (brand: string, model: string) => index.entries.find((e) => e.brand === brand && e.device.model === model);

  it("holds the spec's list: iPhone XS and newer, Pixel 3 and newer, Galaxy S20 and newer, iPad Pro and Air, Surface Pro X", () => {
    for (const [brand, model] of [
      ['Apple', 'iPhone XS'],
      ['Apple', 'iPhone 16 Pro'],
      ['Google', 'Pixel 3'],
      ['Google', 'Pixel 9'],
      ['Samsung', 'Galaxy S20'],
      ['Samsung', 'Galaxy S25 Ultra'],
      ['Apple', 'iPad Pro 11-inch (M4)'],
      ['Apple', 'iPad Air 13-inch (M2)'],
      ['Microsoft', 'Surface Pro X'],
    ] as const) {
      expect(label(brand, model)?.device.support, `${brand} ${model}`).toBe('yes');
    }
  });

  it('notes the known exceptions', () => {
    expect(label('Apple', 'iPhone 15')?.device.notes).toEqual(['appleChina', 'usEsimOnly']);
    expect(label('Apple', 'iPhone 13 mini')?.device.notes).not.toContain('appleChina');
    expect(label('Google', 'Pixel 3a')?.device.notes).toContain('pixelRegional');
    expect(label('Samsung', 'Galaxy S20')?.device.notes).toContain('someVariants');
  });

  it('has unique labels, and every device a note when its eSIM varies or is missing', () => {
    const labels = index.entries.map((e) => e.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const e of index.entries) if (e.device.support !== 'yes') expect(e.device.notes.length, e.label).toBeGreaterThan(0);
  });
});

describe('searchDevices', () => {
  const labels = (search: string) => searchDevices(index, search).flatMap((g) => g.entries.map((e) => e.label));

  it('an empty search lists every device, grouped by brand in order', () => {
    const groups = searchDevices(index, '');
    expect(groups.map((g) => g.brand.brand)).toEqual(DEVICE_BRANDS.map((b) => b.brand));
    expect(groups.reduce((n, g) => n + g.entries.length, 0)).toBe(index.entries.length);
  });

  it('matches brand and model, ignoring case, accents, spaces and punctuation', () => {
    expect(labels('pixel 8')).toEqual(['Google Pixel 8', 'Google Pixel 8 Pro', 'Google Pixel 8a']);
    expect(labels('PIXEL8')).toEqual(labels('pixel 8'));
    expect(labels('Xpéria 1 V')).toEqual(['Sony Xperia 1 V', 'Sony Xperia 1 VI', 'Sony Xperia 1 VII']);
    expect(labels('samsung s23')).toEqual([
      'Samsung Galaxy S23',
      'Samsung Galaxy S23+',
      'Samsung Galaxy S23 Ultra',
      'Samsung Galaxy S23 FE',
    ]);
    expect(searchDevices(index, 'fairphone').map((g) => g.brand.brand)).toEqual(['Fairphone']);
    expect(searchDevices(index, '小米').map((g) => g.brand.brand)).toEqual(['Xiaomi']);
    expect(labels('nokia 3310')).toEqual([]);
  });
});
