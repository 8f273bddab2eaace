// 'No internet?' on an eSIM's page (issue 30): the button that opens the connection doctor. The doctor
// (its steps, texts and dialog) is a chunk of its own, loaded on hover/focus and opened on press; the
// button's own text comes with the 'doctor' namespace, in a Suspense of its own so the eSIM page never
// waits for it.
import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DoctorEsim, DoctorTargets } from './doctor-types.ts';

const loadDoctor = () => import('./connection-doctor.tsx');
const ConnectionDoctor = lazy(loadDoctor);

export interface DoctorLauncherProps {
  esim: DoctorEsim;
  /** The 'Manage your eSIM' link's token on the guest page; null when signed in. */
  linkToken: string | null;
  targets: DoctorTargets;
}

export function DoctorLauncher(props: DoctorLauncherProps) {
  return (
    <Suspense fallback={null}>
      <Launcher {...props} />
    </Suspense>
  );
}

function Launcher(props: DoctorLauncherProps) {
  const { t } = useTranslation('doctor');
  const [opened, setOpened] = useState(false);
  const [loading, setLoading] = useState(false);
  const prefetch = () => void loadDoctor();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconWifiOff size={16} aria-hidden />}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        loading={loading}
        aria-haspopup="dialog"
        data-testid="doctor-open"
        onClick={() => {
          setLoading(true);
          void loadDoctor().finally(() => {
            setLoading(false);
            setOpened(true);
          });
        }}
      >
        {t('open')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ConnectionDoctor {...props} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
