// The shared install details: copy buttons and their toasts, the iPhone one-tap link only on
// iOS 17.4+, the manual details and the notes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../test/render.tsx';
import { InstallDetails, type EsimInstallInfo } from './install-details.tsx';

const ESIM: EsimInstallInfo = {
  planName: 'Japan 1GB - 7 Days',
  activationCode: 'LPA:1$smdp.sim.example$ABCDE-12345',
  qrCode: '/api/esims/ESIM-1/qr.png?token=t',
  appleInstallUrl: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.sim.example%24ABCDE-12345',
  smdpAddress: 'smdp.sim.example',
  matchingId: 'ABCDE-12345',
  confirmationCodeRequired: false,
  apn: 'globaldata',
};

const IPHONE_17_4 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_17_3 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

function setClipboard(writeText: (s: string) => Promise<void>) {
  Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  delete (window.navigator as unknown as Record<string, unknown>).userAgent;
  delete (window.navigator as unknown as Record<string, unknown>).clipboard;
  notifications.clean();
  notifications.cleanQueue();
});

const toastText = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-root *' });

describe('install details', () => {
  it('shows the QR from the app, the code, the manual details and the notes', async () => {
    setUserAgent(ANDROID);
    await renderWithProviders(<InstallDetails esim={ESIM} />);
    const img = await screen.findByRole('img', { name: 'QR code to install your Japan 1GB - 7 Days eSIM' });
    expect(img.getAttribute('src')).toBe('/api/esims/ESIM-1/qr.png?token=t');
    expect(screen.getByTestId('esim-code').textContent).toBe(ESIM.activationCode);
    expect(screen.getByTestId('esim-smdp').textContent).toBe('smdp.sim.example');
    expect(screen.getByTestId('esim-matchingId').textContent).toBe('ABCDE-12345');
    expect(screen.getByTestId('esim-apn').textContent).toBe('globaldata');
    expect(screen.getByText(/Turn on data roaming/)).toBeTruthy();
    expect(screen.queryByText(/confirmation code/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Install on iPhone' })).toBeNull();
  });

  it('says when a confirmation code is needed', async () => {
    await renderWithProviders(<InstallDetails esim={{ ...ESIM, confirmationCodeRequired: true }} />);
    expect(await screen.findByText(/Your phone will ask for a confirmation code/)).toBeTruthy();
  });

  it.each([
    [IPHONE_17_4, true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15', true],
    [IPHONE_17_3, false],
    [ANDROID, false],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Safari/605.1.15', false],
  ])('the one-tap iPhone link for %s: %s', async (ua, shown) => {
    setUserAgent(ua);
    await renderWithProviders(<InstallDetails esim={ESIM} />);
    await screen.findByTestId('esim-install');
    const link = screen.queryByRole('link', { name: 'Install on iPhone' });
    expect(link !== null).toBe(shown);
    if (link) expect(link.getAttribute('href')).toBe(ESIM.appleInstallUrl);
  });

  it("copies the activation code: 'Code copied' / 'Activation code copied to clipboard'", async () => {
    const writeText = vi.fn(async () => {});
    setClipboard(writeText);
    await renderWithProviders(<InstallDetails esim={ESIM} />);
    const u = userEvent.setup({ delay: null });
    // userEvent installs its own clipboard stub; put ours back.
    setClipboard(writeText);
    await u.click(await screen.findByRole('button', { name: 'Copy – Activation code' }));
    expect(writeText).toHaveBeenCalledWith(ESIM.activationCode);
    expect(await toastText('Code copied')).toBeTruthy();
    expect(await toastText('Activation code copied to clipboard')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: 'Copied – Activation code' })).getByText('Copied')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Copy – SM-DP+ address' }));
    expect(writeText).toHaveBeenLastCalledWith('smdp.sim.example');
    expect(await toastText('SM-DP+ address copied to clipboard')).toBeTruthy();
  });

  it("a refused copy: 'Copy failed' / 'Please try again or copy manually'", async () => {
    await renderWithProviders(<InstallDetails esim={ESIM} />);
    const u = userEvent.setup({ delay: null });
    setClipboard(async () => {
      throw new Error('NotAllowedError');
    });
    await u.click(await screen.findByRole('button', { name: 'Copy – Activation code' }));
    expect(await toastText('Copy failed')).toBeTruthy();
    expect(await toastText('Please try again or copy manually')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('button', { name: 'Copy – Activation code' })).queryByText('Copied')).toBeNull());
  });
});

describe('one APN per system (Airalo gives apn.ios and apn.android)', () => {
  it("shows the device's own APN, none where its system sets it automatically, and the eSIM's elsewhere", async () => {
    const perOs: EsimInstallInfo = { ...ESIM, apn: 'globaldata', apnIos: '', apnAndroid: 'android.apn' };
    setUserAgent(ANDROID);
    const android = await renderWithProviders(<InstallDetails esim={perOs} />);
    expect((await screen.findByTestId('esim-apn')).textContent).toBe('android.apn');
    android.unmount();
    setUserAgent(IPHONE_17_4);
    const iphone = await renderWithProviders(<InstallDetails esim={perOs} />);
    await screen.findByTestId('esim-smdp');
    expect(screen.queryByTestId('esim-apn')).toBeNull();
    iphone.unmount();
    setUserAgent('Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
    await renderWithProviders(<InstallDetails esim={perOs} />);
    expect((await screen.findByTestId('esim-apn')).textContent).toBe('globaldata');
  });
});
