import type fc from 'fast-check';
import { toMajorUnits, toMinorUnits } from '../../../../lib/platform/money/amount';
import { checkBooks } from '../driver/checks';
import { stats, type Real } from '../driver/real';
import type { Cur, Model } from '../model';

/**
 * A command of the ledger property: `apply` does one step to the real service and to the model (and
 * compares what the service answered with what the model predicted); `run` then counts it and checks
 * the whole books against the model (driver/checks.ts). Commands never have preconditions: a step
 * that makes no sense in the current state (nothing to refund, a frozen wallet…) is sent anyway and
 * must be refused the way the model says.
 */
export abstract class Step implements fc.AsyncCommand<Model, Real> {
  /** The kind of command, as counted in the stats line. */
  abstract readonly name: string;
  check() {
    return true;
  }
  /** `check: false`: the caller checks the books once a few steps have run. */
  async run(model: Model, real: Real, check = true) {
    await this.apply(model, real);
    stats.commands++;
    stats.byCommand[this.name] = (stats.byCommand[this.name] ?? 0) + 1;
    if (check) await checkBooks(model, real, this.toString());
  }
  abstract apply(model: Model, real: Real): Promise<void>;
  /** How fast-check prints the command (and the step named in a failed check). */
  abstract toString(): string;
}

/** Minor units → the API's JSON number in major units. */
export const major = (minor: bigint, currency: Cur) => toMajorUnits(minor, currency);

/** The API's JSON number in major units → minor units; zero (which the API never takes) is 0n. */
export function minor(amount: number, currency: Cur): bigint {
  const value = toMinorUnits(amount, currency);
  if (value === 'not_positive') return 0n;
  if (typeof value !== 'bigint') throw new Error(`${amount} ${currency} is not an amount: ${value}`);
  return value;
}

/** The `n`th element of a list, counting round (a command's `pick`); undefined when the list is empty. */
export const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];
