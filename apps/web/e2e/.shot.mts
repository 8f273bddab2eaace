// scratch: node --experimental-strip-types apps/web/e2e/.shot.mts <path> <name> [width] [lang]
import { launchBrowser, axeCheck } from './browser.ts';
const [path, name, width = '1280', lang = 'en', action = ''] = process.argv.slice(2);
const b = await launchBrowser({ viewport: { width: Number(width), height: 900 } });
const page = await b.context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await page.goto('http://localhost:3917' + path);
if (lang !== 'en') { await page.evaluate((l) => localStorage.setItem('preferredLanguage', l), lang); await page.reload(); }
await page.waitForTimeout(1500);
if (action === 'pay') {
  await page.getByLabel(/^E-mail address/).fill('a@example.com');
  await page.getByTestId('card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('card-expiry').fill('12 / 34');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('pay-button').click();
  await page.waitForURL((u) => u.pathname.startsWith('/order-success'));
  await page.getByTestId('order-ready').waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
}
if (action === 'fail') {
  await page.getByLabel(/^E-mail address/).fill('a@example.com');
  await page.getByTestId('card-number').fill('4000 0000 0000 0002');
  await page.getByTestId('card-expiry').fill('12 / 34');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('pay-button').click();
  await page.getByTestId('payment-error').waitFor();
  await page.waitForTimeout(500);
}
if (action === 'invalid') {
  await page.getByTestId('pay-button').click();
  await page.getByLabel(/^E-mail address/).fill('a@example.com');
  await page.getByTestId('pay-button').click();
  await page.waitForTimeout(500);
}
const v = await axeCheck(page);
for (const x of v) console.log(x.id, x.help, x.nodes.slice(0, 5));
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
console.log(page.url());
await b.close();
