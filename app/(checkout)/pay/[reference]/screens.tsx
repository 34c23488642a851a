'use client';

import { BankPreparing } from './bank-preparing';
import { bankScreens } from './bank-screens';
import { ChooseMethodOf } from './choose-method';
import { Approve, MobileMoneyForm } from './mobile-money-screens';
import { Closed, Confirming, Failed, NoMethods } from './outcome-screens';
import { Paid } from './receipt';
import type { ScreenProps } from './screen-props';

/** What every screen of a loaded session is given: the session, the form, and the customer's actions. */
export function Screens(props: ScreenProps) {
  // Loaded on their own (bank-screens.ts): the caller draws these two only once their code is here.
  const bank = bankScreens();
  switch (props.screen) {
    case 'choose':
      return <ChooseMethodOf {...props} />;
    case 'no_methods':
      return <NoMethods {...props} />;
    case 'mobile_money_form':
      return <MobileMoneyForm {...props} />;
    case 'approve':
      return <Approve {...props} />;
    case 'bank_preparing':
      return <BankPreparing {...props} />;
    case 'bank_details':
      return bank && <bank.BankDetails {...props} />;
    case 'bank_waiting':
      return bank && <bank.BankWaiting {...props} />;
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
