// The hero's decorative eSIM mock (spec §2 landing point 1). Pure CSS, hidden from assistive tech.
import { useTranslation } from 'react-i18next';
import classes from './esim-card-mock.module.css';

export function EsimCardMock() {
  const { t } = useTranslation('landing');
  return (
    <div className={classes.stage} aria-hidden="true">
      <div className={classes.glow} />
      <div className={classes.card}>
        <div className={classes.cardTop}>
          <span className={classes.chip}>
            <span className={classes.chipLines} />
          </span>
          <span className={classes.brand}>eSIM</span>
        </div>
        <div className={classes.stats}>
          <div>
            <div className={classes.statValue}>{t('mock.data')}</div>
          </div>
          <div>
            <div className={classes.statValue}>{t('mock.validity')}</div>
          </div>
        </div>
        <span className={classes.activate}>{t('mock.activate')}</span>
      </div>
      <div className={classes.status}>
        <div className={classes.statusHead}>
          <span className={classes.flag}>
            <img src="/flags/4x3/jp.svg" alt="" width={28} height={21} />
          </span>
          <span className={classes.statusName}>{t('mock.planName')}</span>
          <span className={classes.active}>
            <span className={classes.dot} />
            {t('mock.status')}
          </span>
        </div>
        <div className={classes.bar}>
          <span style={{ width: '84%' }} />
        </div>
        <div className={classes.statusFoot}>
          <span>{t('mock.remaining')}</span>
          <span>{t('mock.expires')}</span>
        </div>
      </div>
    </div>
  );
}
