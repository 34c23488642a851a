'use client';

import { useEffect, useRef } from 'react';
import frame from './frame.module.css';
import type { ScreenProps } from './screen-props';
import { ActionButton, NoticeBox, Title, usePage } from './ui';

/** Bank transfer is the only way to pay: its details are fetched at once; a button only if that failed. */
export function BankPreparing({ busy, notice, onChoose }: ScreenProps) {
  const { t } = usePage();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void onChoose('bank_transfer');
  }, [onChoose]);
  const waiting = busy === 'bank' || (!notice && busy === null);
  return (
    <>
      <Title>{t('bank_title')}</Title>
      <NoticeBox notice={notice} />
      {waiting ? (
        <p className={frame.lead}>{t('bank_preparing')}</p>
      ) : (
        <ActionButton busy={busy === 'bank'} onClick={() => void onChoose('bank_transfer')}>
          {t('bank_show')}
        </ActionButton>
      )}
    </>
  );
}
