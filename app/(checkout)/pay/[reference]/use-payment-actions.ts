'use client';

import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Translate } from '@/lib/platform/i18n/translate';
import { attemptNetwork, ltrText, mobileNetworks, networkKey, phoneProblem, type View } from './flow';
import { callApi, sessionPath, type ApiFailure, type ApiResult, type MethodId, type Session } from './session';
import type { Notice } from './ui';
import type { useCheckoutSession } from './use-checkout-session';

export interface FormState {
  /** networkKey() of the chosen network: id and country. */
  network: string;
  phone: string;
  errors: { network?: string; phone?: string };
}

export type RetryMode = 'same' | 'other_number' | 'other_method';

/** What the customer can do, each explained in their language when refused. */
export function usePaymentActions(
  reference: string,
  t: Translate,
  checkout: ReturnType<typeof useCheckoutSession>,
  setView: Dispatch<SetStateAction<View>>,
  phoneInput: RefObject<HTMLInputElement | null>,
) {
  const { token, sessionRef, accept, reload, invalidate, pollNow, staleNotices } = checkout;
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [form, setForm] = useState<FormState>({ network: '', phone: '', errors: {} });

  // The state moved on by itself (polling): an earlier action's message no longer applies.
  const firstStale = useRef(staleNotices);
  useEffect(() => {
    if (staleNotices !== firstStale.current) setNotice(null);
  }, [staleNotices]);

  /** Explains a refused action, and refreshes when the state may have moved on. */
  const explain = useCallback(
    async (failure: ApiFailure) => {
      if (failure.kind === 'unauthorized') {
        invalidate();
        return;
      }
      if (failure.kind === 'gone') {
        // The link can no longer pay: the session (still readable) shows why.
        await reload();
        return;
      }
      let text: string;
      if (failure.kind === 'rate_limited') text = t('error_rate_limited', { seconds: failure.retryAfter ?? 60 });
      else if (failure.kind === 'network') text = t('error_network');
      else if (failure.code === 'method_unavailable') text = t('error_method_unavailable');
      else if (failure.kind === 'conflict') text = t('error_state_changed');
      else text = t('error_generic');
      setNotice({ text, requestId: failure.kind === 'server' ? failure.requestId : undefined });
      if (failure.kind === 'conflict' || failure.kind === 'network' || failure.kind === 'server') {
        // Whatever happened, show the truth: read the whole session again.
        await reload({ keepView: failure.kind !== 'conflict' });
      }
    },
    [invalidate, reload, t],
  );

  const post = useCallback(
    async (action: string, path: string, body?: unknown): Promise<ApiResult<Session>> => {
      setBusy(action);
      setNotice(null);
      try {
        const result = await callApi<Session>(`${sessionPath(reference)}${path}`, { method: 'POST', token, body });
        if (result.ok) accept(result);
        return result;
      } finally {
        setBusy(null);
      }
    },
    [reference, token, accept],
  );

  const chooseMethod = useCallback(
    async (method: MethodId) => {
      const current = sessionRef.current;
      if (!current) return;
      if (method === 'mobile_money') {
        const networks = mobileNetworks(current);
        const only = networks.length === 1 ? networkKey(networks[0]!) : '';
        setForm((f) => ({ ...f, network: f.network || only, errors: {} }));
        setNotice(null);
        setView('mobile_money_form');
        return;
      }
      const result = await post('bank', '/bank-transfer');
      if (!result.ok) await explain(result);
    },
    [post, explain, sessionRef, setView],
  );

  const payMobileMoney = useCallback(async () => {
    const current = sessionRef.current;
    if (!current) return;
    const networks = mobileNetworks(current);
    const network = networks.find((n) => networkKey(n) === form.network);
    const locked = !current.checkout.customer_phone_editable;
    const errors: FormState['errors'] = {};
    if (!network) errors.network = t('network_required');
    if (!locked) {
      if (!form.phone.trim()) errors.phone = t('phone_required');
      else if (network) errors.phone = phoneProblem(t, form.phone, network, networks) ?? undefined;
    }
    setForm((f) => ({ ...f, errors }));
    if (errors.network || errors.phone) {
      if (errors.phone && !errors.network) phoneInput.current?.focus();
      else document.getElementById('network-0')?.focus();
      return;
    }
    const chosen = { network: network!.id, country: network!.country };
    const result = await post('mobile_money', '/mobile-money', locked ? chosen : { ...chosen, phone: form.phone });
    if (result.ok) return;
    if (result.kind === 'invalid' && result.fields?.length) {
      const fieldErrors: FormState['errors'] = {};
      for (const field of result.fields) {
        if (field.field.endsWith('phone')) {
          fieldErrors.phone = t('phone_invalid', { network: network!.label, example: ltrText(network!.example) });
        } else if (field.field.endsWith('network') || field.field.endsWith('country')) {
          fieldErrors.network = t('network_required');
        }
      }
      if (fieldErrors.phone || fieldErrors.network) {
        setForm((f) => ({ ...f, errors: fieldErrors }));
        if (fieldErrors.phone) phoneInput.current?.focus();
        return;
      }
    }
    await explain(result);
  }, [form.network, form.phone, post, explain, t, sessionRef, phoneInput]);

  /** A new prompt to the same phone (the server reuses the number of the prompt it replaces). */
  const resendPrompt = useCallback(async () => {
    const current = sessionRef.current;
    const network = current ? attemptNetwork(current, current.latest_attempt) : undefined;
    if (!network) return;
    const result = await post('resend', '/mobile-money', { network: network.id, country: network.country });
    if (!result.ok) await explain(result);
  }, [post, explain, sessionRef]);

  const claimTransfer = useCallback(async () => {
    const result = await post('claim', '/bank-transfer/claim');
    if (!result.ok) await explain(result);
  }, [post, explain]);

  const simulate = useCallback(
    async (action: string, path: string, body: unknown) => {
      setBusy(action);
      setNotice(null);
      const result = await callApi<unknown>(path, { method: 'POST', body });
      setBusy(null);
      if (!result.ok) setNotice({ text: t('sim_failed'), requestId: result.requestId });
      pollNow.current();
    },
    [t, pollNow],
  );

  const retry = useCallback(
    (mode: RetryMode) => {
      const current = sessionRef.current;
      setNotice(null);
      if (!current) return;
      const attempt = current.latest_attempt;
      if (mode === 'other_method' || attempt?.method !== 'mobile_money') {
        setView('choose');
        return;
      }
      const network = attemptNetwork(current, attempt);
      setForm((f) => ({
        network: network ? networkKey(network) : f.network,
        phone: mode === 'other_number' ? '' : f.phone,
        errors: {},
      }));
      setView('mobile_money_form');
      if (mode === 'other_number') window.setTimeout(() => phoneInput.current?.focus(), 0);
    },
    [sessionRef, setView, phoneInput],
  );

  return { busy, notice, form, setForm, chooseMethod, payMobileMoney, resendPrompt, claimTransfer, simulate, retry };
}
