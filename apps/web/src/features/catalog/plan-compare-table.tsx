// The plan list's compact comparison (issue 28): one row per plan with its data, days, price,
// price per GB and networks, beside the cards (PlansSection's Cards/Compare switch). A real table
// (caption, column and row headers) in a focusable scroll box, so a phone scrolls it sideways.
import type { ReactNode } from 'react';
import { Badge, Button, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { subscriptionMinor } from '@esim/api/domain';
import { Money } from '../../components/money.tsx';
import { bestValueIds, networkSummary, pricePerGbMinor } from './plan-compare.ts';
import { storeSelectedPlan } from './selected-plan.ts';
import type { Plan, PurchaseMode, Region } from './types.ts';
import { usePlanTextsFn, catalogPlanFacts } from './use-plan-texts.ts';
import classes from './plans-section.module.css';

export interface PlanCompareTableProps {
  plans: readonly Plan[];
  mode: PurchaseMode;
  region: Region;
  /** The table's caption (visible: it names what is compared). */
  caption: ReactNode;
  /** The caption as plain text, the scroll box's accessible name. */
  label: string;
}

export function PlanCompareTable({ plans, mode, region, caption, label }: PlanCompareTableProps) {
  const { t } = useTranslation('landing');
  const texts = usePlanTextsFn();
  const subscription = mode === 'subscription';
  const priced = plans.map((plan) => ({ ...plan, priceMinor: subscription ? subscriptionMinor(plan.priceMinor) : plan.priceMinor }));
  const best = bestValueIds(priced);

  return (
    <div className={classes.compareScroll} role="region" aria-label={label} tabIndex={0} data-testid="plan-compare">
      <Table highlightOnHover verticalSpacing="sm" className={classes.compareTable}>
        <caption className={classes.compareCaption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.compareName}>
              {t('compare.plan')}
            </Table.Th>
            <Table.Th scope="col">{t('compare.data')}</Table.Th>
            <Table.Th scope="col">{t('compare.days')}</Table.Th>
            <Table.Th scope="col">{subscription ? t('compare.pricePerMonth') : t('compare.price')}</Table.Th>
            <Table.Th scope="col">{t('compare.perGb')}</Table.Th>
            <Table.Th scope="col">{t('compare.network')}</Table.Th>
            <Table.Th scope="col">
              <span className={classes.srOnly}>{t('compare.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {priced.map((plan) => {
            const composed = texts?.(catalogPlanFacts(plan, region));
            const name = composed?.name ?? plan.name;
            const perGb = pricePerGbMinor(plan);
            const network = networkSummary(plan.facts);
            return (
              <Table.Tr key={plan.id} data-plan-id={plan.id}>
                <Table.Th scope="row" className={classes.compareName}>
                  {name}
                  {plan.isPopular ? (
                    <Badge size="xs" variant="light" color="sunset" ms={6}>
                      {t('plan.mostPopular')}
                    </Badge>
                  ) : null}
                </Table.Th>
                <Table.Td>{plan.dataMb === null ? t('compare.unlimited') : (composed?.data ?? plan.dataAmount)}</Table.Td>
                <Table.Td>{subscription ? t('plan.monthly') : plan.validityDays}</Table.Td>
                <Table.Td>
                  <Money usdMinor={plan.priceMinor} className={classes.comparePrice} />
                </Table.Td>
                <Table.Td>
                  {perGb === null ? (
                    <Text span c="dimmed" size="sm">
                      {t('compare.perGbUnlimited')}
                    </Text>
                  ) : (
                    <>
                      <Money usdMinor={perGb} />
                      {best.has(plan.id) && best.size < priced.length ? (
                        <Badge size="xs" variant="filled" color="green.9" ms={6}>
                          {t('compare.bestValue')}
                        </Badge>
                      ) : null}
                    </>
                  )}
                </Table.Td>
                <Table.Td>
                  {network ? (
                    <bdi>
                      {[
                        network.names.join(', '),
                        network.more ? t('compare.moreNetworks', { count: network.more }) : '',
                        network.generation ?? '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </bdi>
                  ) : (
                    <Text span c="dimmed" size="sm">
                      {t('compare.networkNotStated')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    aria-label={`${t('plan.buyNow')} – ${name}`}
                    renderRoot={(props) =>
                      subscription ? (
                        <Link to="/subscribe" {...props} onClick={() => storeSelectedPlan(plans.find((p) => p.id === plan.id) ?? plan)} />
                      ) : (
                        <Link to="/checkout/$planId" params={{ planId: String(plan.id) }} {...props} />
                      )
                    }
                  >
                    {t('plan.buyNow')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
