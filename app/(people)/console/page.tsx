import { redirect } from 'next/navigation';

/** The console opens on its merchants. */
export default function ConsoleIndex() {
  redirect('/console/merchants');
}
