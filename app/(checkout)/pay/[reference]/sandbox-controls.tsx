'use client';

import frame from './frame.module.css';
import panels from './panels.module.css';
import type { ScreenProps } from './screen-props';
import type { Attempt } from './session';
import { usePage } from './ui';

/**
 * What only a test checkout shows: the sandbox's test numbers and the buttons that play the customer
 * or the bank. A module of its own, loaded only when a sandbox session needs it, so that live customers'
 * phones never download it (bench:page).
 */

/** Sandbox only: buttons that play the customer's or the bank's part through /api/sandbox/**. */
export function SimulateControls({
  legend,
  buttons,
  busy,
  onSimulate,
}: {
  legend: string;
  buttons: { action: string; label: string; path: string; body: unknown }[];
  busy: string | null;
  onSimulate: (action: string, path: string, body: unknown) => Promise<void>;
}) {
  return (
    <fieldset className={`${panels.sim} ${frame.noPrint}`}>
      <legend>{legend}</legend>
      <div className={panels.simButtons}>
        {buttons.map(({ action, label, path, body }) => (
          <button
            key={action}
            type="button"
            className={panels.simButton}
            aria-disabled={busy === action || undefined}
            onClick={() => {
              if (!busy) void onSimulate(action, path, body);
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function TransferSimulation({
  session,
  busy,
  onSimulate,
}: Pick<ScreenProps, 'session' | 'busy' | 'onSimulate'>) {
  const { t, money } = usePage();
  if (!session.sandbox) return null;
  const one = money(1, session.checkout.currency_code);
  const sims: [string, 'exact' | 'short' | 'over' | 'duplicate', string][] = [
    ['sim_exact', 'exact', t('sim_exact')],
    ['sim_short', 'short', t('sim_short', { amount: one })],
    ['sim_over', 'over', t('sim_over', { amount: one })],
    ['sim_duplicate', 'duplicate', t('sim_duplicate')],
  ];
  return (
    <SimulateControls
      legend={t('sim_transfer_legend')}
      busy={busy}
      onSimulate={onSimulate}
      buttons={sims.map(([action, scenario, label]) => ({
        action,
        label,
        path: '/api/sandbox/bank-transfers',
        body: { payment_reference: session.checkout.payment_reference, scenario },
      }))}
    />
  );
}

export function PromptSimulation({
  attempt,
  busy,
  onSimulate,
}: { attempt: Attempt } & Pick<ScreenProps, 'busy' | 'onSimulate'>) {
  const { t } = usePage();
  const sims: [string, 'success' | 'declined' | 'insufficient_funds' | 'timeout', string][] = [
    ['sim_success', 'success', t('sim_approve')],
    ['sim_declined', 'declined', t('sim_decline')],
    ['sim_insufficient', 'insufficient_funds', t('sim_insufficient')],
    ['sim_timeout', 'timeout', t('sim_no_answer')],
  ];
  return (
    <SimulateControls
      legend={t('sim_mm_legend')}
      busy={busy}
      onSimulate={onSimulate}
      buttons={sims.map(([action, outcome, label]) => ({
        action,
        label,
        path: `/api/sandbox/mobile-money/${encodeURIComponent(attempt.id)}`,
        body: { outcome },
      }))}
    />
  );
}

export function SandboxNumbers() {
  const { t } = usePage();
  return (
    <div className={`${panels.note} ${frame.noPrint}`}>
      <p className={panels.boxTitle}>{t('sandbox_numbers_title')}</p>
      <ul className={`${panels.simList} ${frame.small}`}>
        <li>{t('sandbox_number_1111')}</li>
        <li>{t('sandbox_number_2222')}</li>
        <li>{t('sandbox_number_3333')}</li>
        <li>{t('sandbox_number_4444')}</li>
        <li>{t('sandbox_number_other')}</li>
      </ul>
    </div>
  );
}
