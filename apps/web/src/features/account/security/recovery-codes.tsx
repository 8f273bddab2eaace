// The account's recovery codes, shown once (after the first factor is added, or new ones made):
// a list in monospace, with 'Copy codes' and 'Download' (a text file made here), and a button to
// say they are kept. The server stores only their hashes; nothing here keeps them.
import { Alert, Button, Group, List, Stack, Title } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { writeClipboard } from '../../esim/copy-field.tsx';
import classes from './security.module.css';

export function recoveryCodesText(codes: string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { t: ta } = useTranslation('auth');
  const text = recoveryCodesText(codes, t('security.codes.fileHeading'));
  const copy = async () => {
    if (await writeClipboard(text)) toast({ title: t('security.codes.copied') });
    else toast({ title: t('security.codes.copyFailed'), variant: 'destructive' });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Stack gap="sm" className={classes.codesBox} aria-labelledby="recovery-codes-heading" component="section">
      <Title order={4} fz="md" id="recovery-codes-heading">
        {ta('factors.codesTitle')}
      </Title>
      <Alert color="yellow">{t('security.codes.shownBody')}</Alert>
      <List listStyleType="none" data-testid="recovery-codes" className={classes.codes} dir="ltr">
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
          {t('security.codes.copy')}
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          {t('security.codes.download')}
        </Button>
        <Button onClick={onDone}>{ta('factors.codesDone')}</Button>
      </Group>
    </Stack>
  );
}
