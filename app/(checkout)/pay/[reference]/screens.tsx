'use client';

import type { Dispatch, RefObject, SetStateAction } from 'react';
import { BankDetails, BankPreparing, BankWaiting } from './bank-transfer-screens';
import { ChooseMethod } from './choose-method';
import type { Screen } from './flow';
import { Approve, MobileMoneyForm } from './mobile-money-screens';
import { Closed, Confirming, Failed, NoMethods } from './outcome-screens';
import { Paid } from './receipt';
import type { MethodId, Session } from './session';
import type { Notice } from './ui';
import type { FormState, RetryMode } from './use-payment-actions';

/** What every screen of a loaded session is given: the session, the form, and the customer's actions. */
export interface ScreenProps {
  screen: Screen;
  session: Session;
  busy: string | null;
  notice: Notice;
  form: FormState;
  setForm: Dispatch<SetStateAction<FormState>>;
  phoneInput: RefObject<HTMLInputElement | null>;
  paidHere: boolean;
  onChoose: (method: MethodId) => Promise<void>;
  onPayMobileMoney: () => Promise<void>;
  onClaim: () => Promise<void>;
  onRetry: (mode: RetryMode) => void;
  onResend: () => Promise<void>;
  onSimulate: (action: string, path: string, body: unknown) => Promise<void>;
}

export function Screens(props: ScreenProps) {
  switch (props.screen) {
    case 'choose':
      return <ChooseMethod {...props} />;
    case 'no_methods':
      return <NoMethods {...props} />;
    case 'mobile_money_form':
      return <MobileMoneyForm {...props} />;
    case 'approve':
      return <Approve {...props} />;
    case 'bank_preparing':
      return <BankPreparing {...props} />;
    case 'bank_details':
      return <BankDetails {...props} />;
    case 'bank_waiting':
      return <BankWaiting {...props} />;
    case 'confirming':
      return <Confirming {...props} />;
    case 'paid':
      return <Paid {...props} />;
    case 'failed':
    case 'timeout':
      return <Failed {...props} />;
    case 'expired':
    case 'cancelled':
      return <Closed {...props} />;
    default:
      return null;
  }
}
