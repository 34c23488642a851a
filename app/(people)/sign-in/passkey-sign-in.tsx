'use client';

import { useState } from 'react';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import styles from './passkey.module.css';
import type { PasskeySignInWords } from './passkey-words';

type Said = { text: string; problem: boolean } | null;

/**
 * Signing in with a passkey: better-auth's two sign-in endpoints (the challenge, then the browser's
 * signed answer), rate-limited per address like the password's. The passkey must verify the person
 * (PIN or biometrics): it stands for both factors, so no code is asked after it.
 */
export function PasskeySignIn({ words, next }: { words: PasskeySignInWords; next: string | null }) {
  const [said, setSaid] = useState<Said>(null);
  const [pending, setPending] = useState(false);

  const signIn = async () => {
    const options = await fetch('/api/auth/passkey/generate-authenticate-options', { credentials: 'same-origin' });
    if (options.status === 429) return setSaid({ text: words.too_many, problem: true });
    if (!options.ok) return setSaid({ text: words.failed, problem: true });
    const optionsJSON = (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
    let response;
    try {
      response = await startAuthentication({ optionsJSON: { ...optionsJSON, userVerification: 'required' } });
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      return setSaid({ text: cancelled ? words.cancelled : words.failed, problem: true });
    }
    const verified = await fetch('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response }),
    });
    if (verified.status === 429) return setSaid({ text: words.too_many, problem: true });
    if (!verified.ok) return setSaid({ text: words.failed, problem: true });
    window.location.assign(next ?? '/dashboard');
  };

  const onClick = async () => {
    if (!browserSupportsWebAuthn()) return setSaid({ text: words.unsupported, problem: true });
    setPending(true);
    setSaid({ text: words.working, problem: false });
    try {
      await signIn();
    } catch {
      setSaid({ text: words.failed, problem: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={styles.passkey}>
      <p className={styles.or}>{words.or}</p>
      <button type="button" className={styles.button} onClick={onClick} disabled={pending}>
        {words.sign_in}
      </button>
      {said && (
        <p className={said.problem ? styles.saidProblem : styles.said} role={said.problem ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </div>
  );
}
