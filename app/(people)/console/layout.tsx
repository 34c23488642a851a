import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { config } from '@/lib/platform/config';
import { SignOut } from '../dashboard/sign-out';
import { ConsoleNav } from './console-nav';
import { consoleWords, pageOperator } from './operator';
import shell from '../dashboard/[mode]/shell.module.css';
import styles from '../dashboard/[mode]/ui.module.css';

export const metadata: Metadata = { title: { template: '%s · Operator console', default: 'Operator console' } };

/**
 * Every console page: the service and the console's name, who is signed in, the sections, sign out.
 * Someone signed in who is not an operator sees only that the console is not theirs.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { ctx, person } = await pageOperator();
  const words = await consoleWords();
  const sections = [
    { path: 'merchants', label: words.nav_merchants },
    { path: 'approvals', label: words.nav_approvals },
    { path: 'go-live', label: words.nav_go_live },
    { path: 'settlement', label: words.nav_settlement },
    { path: 'reconciliation', label: words.nav_reconciliation },
    { path: 'unresolved', label: words.nav_unresolved },
    { path: 'webhooks', label: words.nav_webhooks },
    { path: 'keys', label: words.nav_keys },
  ];
  return (
    <div className={shell.page}>
      <a className={shell.skip} href="#main">
        {words.skip_to_content}
      </a>
      <header className={shell.top}>
        <a className={shell.brand} href={ctx ? '/console/merchants' : '/dashboard'}>
          {config().SERVICE_NAME}
        </a>
        <span className={shell.business}>{words.console}</span>
        <span>
          <span className={styles.visuallyHidden}>{words.signed_in_as} </span>
          {person.user.email}
        </span>
        <SignOut label={words.sign_out} />
      </header>
      <div className={shell.body}>
        {ctx && <ConsoleNav label={words.nav_label} sections={sections} />}
        <main id="main" className={shell.main}>
          {ctx ? (
            children
          ) : (
            <>
              <h1 className={shell.title}>{words.not_operator_title}</h1>
              <p>{words.not_operator_lead}</p>
              <p>
                <a className={styles.link} href="/dashboard">
                  {words.to_dashboard}
                </a>
              </p>
            </>
          )}
        </main>
      </div>
    </div>
  );
}
