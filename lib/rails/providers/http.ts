/**
 * One HTTP exchange with a provider, classified so adapters never confuse "no" with "don't know":
 * an answer with a status is `answered` (the adapter reads 4xx and 5xx by the provider's contract);
 * a time-out, a refused connection or a body that is not JSON is `unreachable`.
 */
export type Exchange =
  { kind: 'answered'; status: number; body: unknown; headers: Headers } | { kind: 'unreachable'; detail: string };

export interface ProviderHttp {
  baseUrl: string;
  /** Per request; a provider that does not answer in time is an unknown outcome. */
  timeoutMs: number;
}

export async function exchange(
  http: ProviderHttp,
  path: string,
  init: { method: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: unknown },
): Promise<Exchange> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  try {
    const response = await fetch(new URL(path, http.baseUrl), {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(http.timeoutMs),
      redirect: 'error',
    });
    const text = await response.text();
    let body: unknown = null;
    if (text.length) {
      try {
        body = JSON.parse(text);
      } catch {
        if (response.ok) return { kind: 'unreachable', detail: `HTTP ${response.status} with a body that is not JSON` };
        body = text.slice(0, 500);
      }
    }
    return { kind: 'answered', status: response.status, body, headers: response.headers };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return {
      kind: 'unreachable',
      detail: name === 'TimeoutError' ? `no answer in ${http.timeoutMs} ms` : String(error),
    };
  }
}
