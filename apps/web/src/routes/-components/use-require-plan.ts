import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';

/** With no plan: destructive toast 'No plan selected' / 'Please select a plan first', then home. */
export function useRequirePlan(hasPlan: boolean): void {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (hasPlan || done.current) return;
    done.current = true;
    toast({ title: t('toast.noPlanSelected'), description: t('toast.selectPlanFirst'), variant: 'destructive' });
    void navigate({ to: '/', replace: true });
  }, [hasPlan, navigate, t]);
}
