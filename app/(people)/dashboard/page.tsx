import { redirect } from 'next/navigation';

/** The dashboard opens in test mode: the mode is always in the address, so a link says which money it shows. */
export default function DashboardIndex() {
  redirect('/dashboard/test');
}
