import { config } from '../../platform/config';
import { namesLoopback, bareHost, portOf } from './address-guard';

/**
 * The sandbox's allow_loopback lets a merchant developing on this machine receive webhooks on
 * `http://127.0.0.1:…`. It must not turn the sender into a probe of the machine's own services: the
 * ports of this service (PORT) and of its database (DATABASE_URL) are never delivered to on loopback.
 */
export function reservedLoopbackPorts(): number[] {
  const c = config();
  const database = URL.parse(c.DATABASE_URL);
  return [c.PORT, Number(database?.port || 5432)];
}

/** Why a loopback URL may not be used, or null (also null for any URL that does not name loopback). */
export function reservedPortProblem(url: URL, reserved: readonly number[] = reservedLoopbackPorts()): string | null {
  if (!namesLoopback(bareHost(url)) || !reserved.includes(portOf(url))) return null;
  return `must not be port ${portOf(url)} on loopback (this service's own or its database's)`;
}
