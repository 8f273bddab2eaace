import { describe, expect, it } from 'vitest';
import { qrPng, qrSvg } from '../../src/providers/qr.ts';

const code = 'LPA:1$smdp.sim.example$04386-AGYFT-A74Y8-3F815';

describe('qr', () => {
  it('renders a PNG about 300 px wide', async () => {
    const png = await qrPng(code);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR width and height (big-endian at bytes 16–23)
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(280);
    expect(png.readUInt32BE(16)).toBeLessThanOrEqual(320);
    expect(png.readUInt32BE(20)).toBe(png.readUInt32BE(16));
  });

  it('renders an SVG document', async () => {
    const svg = await qrSvg(code);
    expect(svg).toContain('<svg');
    expect(svg).toContain('</svg>');
    expect(svg).toContain('width="300"');
  });

  it('is deterministic and depends on the text', async () => {
    expect((await qrPng(code)).equals(await qrPng(code))).toBe(true);
    expect(await qrSvg(code)).not.toBe(await qrSvg(`${code}X`));
  });

  it('honours width and margin', async () => {
    const png = await qrPng(code, { width: 200, margin: 4 });
    expect(png.readUInt32BE(16)).toBeLessThanOrEqual(200);
  });
});
