import type { ReactNode } from 'react';
import type { ConsoleWords } from '@/lib/surfaces/console/copy';
import type { ConsoleViewName } from '@/lib/surfaces/console/views';
import { consoleData, consoleWords, formats } from './operator';
import { Refused } from './refused';

/**
 * What every console page starts with: its words, its data through the operator check, and the
 * page's formats; or, when the data was refused, the page that says why (under the page's title).
 */
export async function consolePage<N extends ConsoleViewName>(
  name: N,
  title: (words: ConsoleWords) => string,
  searchParams?: Promise<Record<string, string | string[] | undefined>>,
) {
  const words = await consoleWords();
  const found = await consoleData(name, searchParams);
  if (!found.ok) {
    const refused: ReactNode = <Refused outcome={found} words={words} title={title(words)} />;
    return { ok: false as const, refused };
  }
  return { ok: true as const, words, data: found.data, ...(await formats()) };
}
