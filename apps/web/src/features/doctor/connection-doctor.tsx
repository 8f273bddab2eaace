// The connection doctor (issue 30), a lazy chunk: a dialog that walks the traveller through the checks
// domain/connection-doctor.ts builds from the eSIM's live state and the phone's system (detected from
// the browser, changeable). One step at a time: what is wrong or what to check, exactly what to tap on
// iOS or Android, a button to the page's own remedy (installation details, top-ups, a new plan), and
// 'That fixed it' / 'Still no internet'. At the end, 'Still need help' opens a ticket (tickets.doctor)
// with the answers; the server adds the ICCID, the eSIM's states and the device.
// Accessibility: each new step's heading takes the focus, a polite live region says 'Step n of N: …',
// the dialog traps focus and gives it back to 'No internet?' when it closes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Code, Group, List, Modal, Radio, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconLifebuoy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  buildDoctorSteps,
  doctorFactsOf,
  type DoctorAnswerRow,
  type DoctorStep,
  type TDoctorAnswer,
  type TDoctorPlatform,
} from '@esim/api/domain/connection-doctor';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { deviceOsOf } from '../esim/ios.ts';
import type { DoctorLauncherProps } from './doctor-launcher.tsx';

const NOTE_MAX = 2000;

type Phase = 'steps' | 'fixed' | 'end';

export default function ConnectionDoctor({ esim, linkToken, targets, onClose }: DoctorLauncherProps & { onClose: () => void }) {
  const { t } = useTranslation('doctor');
  const [platform, setPlatform] = useState<TDoctorPlatform>(() =>
    typeof navigator !== 'undefined' && deviceOsOf(navigator.userAgent) === 'android' ? 'android' : 'ios',
  );
  const steps = useMemo(() => buildDoctorSteps(doctorFactsOf(esim), platform), [esim, platform]);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<DoctorAnswerRow[]>([]);
  const [phase, setPhase] = useState<Phase>('steps');
  const current = Math.min(index, steps.length - 1);
  const step = steps[current]!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The first render leaves the focus where the dialog puts it (data-autofocus); every later step or end takes it.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    headingRef.current?.focus();
  }, [current, phase]);

  const answer = (a: TDoctorAnswer) => {
    setAnswers((all) => [...all.filter((x) => x.step !== step.id), { step: step.id, answer: a }]);
    if (a === 'fixed') setPhase('fixed');
    else if (current + 1 < steps.length) setIndex(current + 1);
    else setPhase('end');
  };
  const restart = () => {
    setAnswers([]);
    setIndex(0);
    setPhase('steps');
  };
  const leaveFor = (go: () => void) => {
    onClose();
    // After the dialog has given the focus back, move it to the page's section.
    window.setTimeout(go, 50);
  };

  const announcement =
    phase === 'steps'
      ? `${t('stepOf', { n: current + 1, total: steps.length })}: ${t(`steps.${step.id}.title`)}`
      : phase === 'fixed'
        ? t('doneTitle')
        : t('endTitle');

  return (
    <Modal opened onClose={onClose} title={t('title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }} data-testid="doctor">
      <Stack gap="md">
        <Text size="sm">{t('intro')}</Text>
        <Radio.Group
          label={t('device')}
          value={platform}
          onChange={(v) => setPlatform(v === 'android' ? 'android' : 'ios')}
          data-testid="doctor-platform"
        >
          <Group gap="lg" mt={6}>
            <Radio value="ios" label={t('deviceIos')} data-autofocus={platform === 'ios' ? true : undefined} />
            <Radio value="android" label={t('deviceAndroid')} data-autofocus={platform === 'android' ? true : undefined} />
          </Group>
        </Radio.Group>
        <VisuallyHidden role="status" aria-live="polite" data-testid="doctor-live">
          {announcement}
        </VisuallyHidden>
        {phase === 'steps' ? (
          <StepView
            key={`${step.id}-${platform}`}
            step={step}
            n={current + 1}
            total={steps.length}
            platform={platform}
            esim={esim}
            headingRef={headingRef}
            onAnswer={answer}
            onInstall={() => leaveFor(targets.showInstall)}
            onTopUp={() => leaveFor(targets.showTopUps)}
          />
        ) : phase === 'fixed' ? (
          <Stack gap="sm" data-testid="doctor-fixed">
            <Title order={3} fz="lg" ref={headingRef} tabIndex={-1}>
              <Group gap={8} component="span" wrap="nowrap">
                <IconCircleCheck size={22} aria-hidden color="var(--mantine-color-green-8)" />
                {t('doneTitle')}
              </Group>
            </Title>
            <Text size="sm">{t('doneBody')}</Text>
            <Group gap="sm">
              <Button onClick={onClose}>{t('close')}</Button>
              <Button variant="default" onClick={restart}>
                {t('startAgain')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <StillNeedHelp
            esim={esim}
            linkToken={linkToken}
            platform={platform}
            steps={steps}
            answers={answers}
            headingRef={headingRef}
            onRestart={restart}
          />
        )}
      </Stack>
    </Modal>
  );
}

function StepView({
  step,
  n,
  total,
  platform,
  esim,
  headingRef,
  onAnswer,
  onInstall,
  onTopUp,
}: {
  step: DoctorStep;
  n: number;
  total: number;
  platform: TDoctorPlatform;
  esim: DoctorLauncherProps['esim'];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onAnswer: (a: TDoctorAnswer) => void;
  onInstall: () => void;
  onTopUp: () => void;
}) {
  const { t } = useTranslation('doctor');
  const { language } = useLanguage();
  const headingId = `doctor-step-${step.id}`;
  const regionNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      return null;
    }
  }, [language]);
  const body = step.id === 'usedUp' && step.action === 'newPlan' ? t('steps.usedUp.bodyNoTopUp') : t(`steps.${step.id}.body`);
  return (
    <section aria-labelledby={headingId} data-testid="doctor-step" data-step={step.id}>
      <Text size="sm" c="dimmed" fw={600}>
        {t('stepOf', { n, total })}
      </Text>
      <Title order={3} fz="lg" id={headingId} ref={headingRef} tabIndex={-1} mt={4} style={{ outline: 'none' }}>
        {t(`steps.${step.id}.title`)}
      </Title>
      <Text size="sm" mt="xs">
        {body}
      </Text>
      {step.lineOff ? (
        <Alert variant="light" color="yellow" mt="xs" p="xs">
          <Text size="sm">{t('steps.dataLine.lineOff')}</Text>
        </Alert>
      ) : null}
      {step.apn ? (
        <Code block mt="xs" dir="ltr" data-testid="doctor-apn" fz="md">
          {step.apn}
        </Code>
      ) : null}
      {step.taps.length > 0 ? (
        <>
          <Title order={4} fz="sm" mt="md" mb={4}>
            {t('stepsLabel')}
          </Title>
          <List type="ordered" size="sm" spacing={4} data-testid="doctor-taps">
            {step.taps.map((tap) => (
              <List.Item key={tap}>{t(`taps.${platform}.${tap}`, { apn: step.apn ?? '' })}</List.Item>
            ))}
          </List>
        </>
      ) : null}
      {step.networks ? (
        step.networks.length > 0 ? (
          <Stack gap={4} mt="sm" data-testid="doctor-networks">
            {step.networks.map((g) => (
              <Text size="sm" key={g.country}>
                <strong>{t('steps.network.operatorsIn', { country: regionNames?.of(g.country) ?? g.country })}</strong>{' '}
                {g.operators.map((o) => (o.generation ? `${o.name} (${o.generation})` : o.name)).join(', ')}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" mt="sm" c="dimmed">
            {t('steps.network.noOperators')}
          </Text>
        )
      ) : null}
      {step.action ? (
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          {step.action === 'install' ? (
            <Button variant="filled" color="brand.7" onClick={onInstall} data-testid="doctor-action">
              {t('actions.install')}
            </Button>
          ) : step.action === 'topUp' ? (
            <Button variant="filled" color="brand.7" onClick={onTopUp} data-testid="doctor-action">
              {t('actions.topUp')}
            </Button>
          ) : (
            <Button
              variant="filled"
              color="brand.7"
              data-testid="doctor-action"
              renderRoot={(props) =>
                esim.planFacts ? (
                  <Link to="/checkout/$planId" params={{ planId: String(esim.planId) }} {...props} />
                ) : (
                  <Link to="/plans" {...props} />
                )
              }
            >
              {t('actions.newPlan')}
            </Button>
          )}
        </div>
      ) : null}
      <Group gap="sm" mt="lg">
        <Button variant="default" onClick={() => onAnswer('fixed')} data-testid="doctor-fixed-button">
          {t('fixed')}
        </Button>
        <Button variant="default" onClick={() => onAnswer('notFixed')} data-testid="doctor-not-fixed">
          {t('notFixed')}
        </Button>
      </Group>
    </section>
  );
}

function StillNeedHelp({
  esim,
  linkToken,
  platform,
  steps,
  answers,
  headingRef,
  onRestart,
}: {
  esim: DoctorLauncherProps['esim'];
  linkToken: string | null;
  platform: TDoctorPlatform;
  steps: DoctorStep[];
  answers: DoctorAnswerRow[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onRestart: () => void;
}) {
  const { t } = useTranslation('doctor');
  const trpc = useTRPC();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation(
    trpc.tickets.doctor.mutationOptions({
      onSuccess: () => window.setTimeout(() => doneRef.current?.focus(), 0),
      onError: (err) => setError(callError(err).code === 'TOO_MANY_REQUESTS' ? t('tooMany') : t('sendFailed')),
    }),
  );
  // Only the steps of the list as it stands (a step of the other system's list is dropped).
  const shown = answers.filter((a) => steps.some((s) => s.id === a.step));
  const send = () => {
    if (mutation.isPending) return;
    setError(null);
    mutation.mutate({
      ...(linkToken ? { linkToken } : { iccid: esim.iccid }),
      platform,
      answers: shown,
      subject: t('ticketSubject', { iccid: esim.iccid }),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };
  return (
    <Stack gap="sm" data-testid="doctor-end">
      <Title order={3} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        <Group gap={8} component="span" wrap="nowrap">
          <IconLifebuoy size={22} aria-hidden />
          {t('endTitle')}
        </Group>
      </Title>
      <Text size="sm">{t('endBody')}</Text>
      <Title order={4} fz="sm">
        {t('answersHeading')}
      </Title>
      <List type="ordered" size="sm" spacing={2} data-testid="doctor-answers">
        {shown.map((a) => (
          <List.Item key={a.step}>
            {t(`steps.${a.step}.title`)}: {a.answer === 'fixed' ? t('answerFixed') : t('answerNotFixed')}
          </List.Item>
        ))}
      </List>
      {mutation.isSuccess ? (
        <Alert color="green" variant="light" role="status" tabIndex={-1} ref={doneRef} data-testid="doctor-ticket">
          <Text size="sm">{t('sent', { number: mutation.data.ticketNumber })}</Text>
        </Alert>
      ) : (
        <>
          <Textarea label={t('noteLabel')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={NOTE_MAX} rows={3} />
          {error ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              <Text size="sm">{error}</Text>
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button onClick={send} loading={mutation.isPending} data-testid="doctor-send">
              {t('send')}
            </Button>
            <Button variant="default" onClick={onRestart}>
              {t('startAgain')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
