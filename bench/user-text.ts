/**
 * The user-text cleaner (src/shared/user-text.ts, decision 022) on the adversarial input of
 * src/shared/user-text-examples.ts, at the raw size limit of a message and at twice it: ms per
 * clean, the median of several rounds of many runs. The unit test judges the cleaner by the
 * characters it reads (twice the input, at most twice the characters); this prints what a clean
 * costs on this machine, and how the time grows with the input (about 2 when it is linear, 4
 * quadratic).
 *
 *   npx tsx bench/user-text.ts [--runs 20] [--rounds 5]
 */
import { parseArgs } from 'node:util';
import { cleanUserText } from '../src/shared/user-text.ts';
import { ADVERSARIAL_USER_TEXT, adversarialText } from '../src/shared/user-text-examples.ts';
import { round, summary } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '5' },
  },
});
const RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);

/** Median over the rounds of the mean ms per clean in a round. */
function msPerClean(text: string): number {
  cleanUserText(text); // warm up
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) cleanUserText(text);
    rounds.push((performance.now() - started) / RUNS);
  }
  return round(summary(rounds).p50, 3);
}

const results = ADVERSARIAL_USER_TEXT.map((row) => {
  const { piece, closing, times } = row;
  const chars = adversarialText(row, times).length;
  const atLimit = msPerClean(adversarialText(row, times));
  const twice = msPerClean(adversarialText(row, 2 * times));
  const growth = atLimit > 0 ? round(twice / atLimit, 2) : null;
  const name =
    JSON.stringify(piece) + (closing === undefined ? '' : ` then ${JSON.stringify(closing)}`);
  console.log(
    `${name} x ${times} (${chars} chars): ${atLimit} ms; ` +
      `twice the input ${twice} ms (x${growth ?? '?'})`,
  );
  return { piece, closing, chars, ms: atLimit, twiceMs: twice, growth };
});

console.log(JSON.stringify({ bench: 'user-text', runs: RUNS, rounds: ROUNDS, results }));
