import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { Screen } from './flow';
import type { MethodId, Session } from './session';
import type { Notice } from './ui';
import type { FormState, RetryMode } from './use-payment-actions';

/** What every screen is given: the session, what is under way, the form, and the customer's actions. */
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
