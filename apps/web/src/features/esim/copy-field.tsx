// A value the shopper may need to type into their phone (activation code, SM-DP+ address,
// matching ID, APN), shown in monospace with a copy button. Copy success and failure are toasts
// (spec §8: 'Code copied' / 'Activation code copied to clipboard'; 'Copy failed' / 'Please try
// again or copy manually'); the button also says 'Copied' for a moment.
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import classes from './esim.module.css';

export type CopyKind = 'code' | 'smdp' | 'matchingId' | 'apn';

/** Writes to the clipboard; false when the browser refuses or has no clipboard. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function useCopy() {
  const { t } = useTranslation('esim');
  return async (text: string, kind: CopyKind): Promise<boolean> => {
    const ok = await writeClipboard(text);
    if (!ok) {
      toast({ title: t('copy.failedTitle'), description: t('copy.failedBody'), variant: 'destructive' });
      return false;
    }
    const body = { code: t('copy.codeBody'), smdp: t('copy.smdpBody'), matchingId: t('copy.matchingIdBody'), apn: t('copy.apnBody') }[kind];
    toast({ title: kind === 'code' ? t('copy.codeTitle') : t('copy.copiedTitle'), description: body });
    return true;
  };
}

export function CopyButton({ value, kind, label }: { value: string; kind: CopyKind; label: string }) {
  const { t } = useTranslation('esim');
  const copy = useCopy();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={copied ? <IconCheck size={14} aria-hidden color="var(--mantine-color-green-9)" /> : <IconCopy size={14} aria-hidden />}
      // The name starts with the visible word ('Copy', then 'Copied'): WCAG 2.5.3 label in name.
      aria-label={`${copied ? t('install.copied') : t('install.copy')} – ${label}`}
      onClick={async () => {
        if (await copy(value, kind)) {
          setCopied(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), 2000);
        }
      }}
      style={{ flexShrink: 0 }}
    >
      {copied ? t('install.copied') : t('install.copy')}
    </Button>
  );
}

/** Label, the value (left-to-right, wraps anywhere) and its copy button. */
export function CopyField({ label, value, kind, emphasis = false }: { label: string; value: string; kind: CopyKind; emphasis?: boolean }) {
  return (
    <div>
      <Text size="sm" fw={600} c={emphasis ? undefined : 'dimmed'} mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center" justify="space-between" className={classes.valueBox}>
        <Text
          component="code"
          dir="ltr"
          ff="monospace"
          size={emphasis ? 'md' : 'sm'}
          fw={emphasis ? 600 : 500}
          style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}
          data-testid={`esim-${kind}`}
        >
          {value}
        </Text>
        <CopyButton value={value} kind={kind} label={label} />
      </Group>
    </div>
  );
}
