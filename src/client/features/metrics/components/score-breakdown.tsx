import { CircleCheck, CircleDashed, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import type { ScoreResponse } from '../../../../shared/api/metrics.js';
import { Card } from '../../../components/ui/card.js';
import { paths } from '../../../paths.js';
import { formatNumber } from '../lib/labels.js';

const points = (value: number) => value.toFixed(1);

/** "Why it ranks here": the score taken apart into parts that add up to it, the rank, and what would raise it. */
export function ScoreBreakdown({ score, agentName }: { score: ScoreResponse; agentName: string }) {
  const { inputs, rank } = score;
  const open = score.checklist.filter((item) => !item.done);
  return (
    <Card className="p-4 sm:p-6">
      <section id="why" aria-labelledby="why-title" className="scroll-mt-20">
        <h2 id="why-title" className="text-lg font-semibold text-slate-900">
          Why it ranks here
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {agentName}&apos;s reputation score orders the listings in its category. Here is what it is made of.
        </p>

        <div className="mt-5 grid gap-6 lg:grid-cols-2">
          <div>
            <h3 className="font-medium text-slate-900">Reputation score</h3>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">
                The reputation score&apos;s parts, which add up to the score
              </caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Part</th>
                  <th scope="col">Points</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {score.parts.map((part) => (
                  <tr key={part.key}>
                    <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-700">
                      {part.label}
                      <PartNote partKey={part.key} score={score} />
                    </th>
                    <td className="py-2 text-right font-medium text-slate-900 tabular-nums">
                      {part.points >= 0 ? '+' : '−'}
                      {points(Math.abs(part.points))}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-300">
                  <th scope="row" className="py-2 pr-3 text-left font-semibold text-slate-900">
                    Score (out of 100)
                  </th>
                  <td className="py-2 text-right text-lg font-bold text-slate-900 tabular-nums">
                    {points(score.score)}
                  </td>
                </tr>
              </tfoot>
            </table>
            <p className="mt-2 text-xs text-slate-600">
              Reviews count more the more they are weighted; until there are many, the score leans on the
              site&apos;s mean rating ({inputs.siteMean.toFixed(2)}, with a weight of{' '}
              {formatNumber(inputs.priorWeight)}).
            </p>
          </div>

          <div className="space-y-5">
            <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
              <Trophy className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
              <div className="min-w-0 text-sm">
                {rank.position ? (
                  <p className="text-slate-900">
                    <span className="text-lg font-semibold">#{rank.position}</span> of {formatNumber(rank.of)}{' '}
                    in{' '}
                    <Link
                      to={paths.agents.href({ category: rank.categorySlug })}
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      {rank.categoryName}
                    </Link>
                  </p>
                ) : (
                  <p className="text-slate-900">
                    Not ranked yet: it enters the {rank.categoryName} ranking once it is published.
                  </p>
                )}
              </div>
            </div>

            <div>
              <h3 className="font-medium text-slate-900">What would improve it</h3>
              {open.length === 0 && (
                <p className="mt-1 text-sm text-slate-600">
                  Everything on the list is done. New reviews are what moves it now.
                </p>
              )}
              <ul className="mt-2 space-y-2">
                {score.checklist.map((item) => (
                  <li key={item.key} className="flex flex-wrap items-start gap-2 text-sm">
                    {item.done ? (
                      <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
                    ) : (
                      <CircleDashed className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
                    )}
                    <div className="min-w-0 flex-1 basis-40">
                      <span className={item.done ? 'text-slate-600' : 'font-medium text-slate-900'}>
                        {item.label}
                      </span>
                      <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                      {!item.done && item.detail && <p className="text-slate-600">{item.detail}</p>}
                    </div>
                    {!item.done && (
                      <Link
                        to={item.fixPath}
                        className="font-medium text-brand-700 underline underline-offset-2"
                      >
                        Fix this<span className="sr-only">: {item.label}</span>
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>
    </Card>
  );
}

/** One line under a part saying where its points come from. */
function PartNote({ partKey, score }: { partKey: string; score: ScoreResponse }) {
  const { inputs } = score;
  let text: string | null = null;
  if (partKey === 'prior') text = `The site's mean rating, ${inputs.siteMean.toFixed(2)} of 5`;
  if (partKey === 'reviews') {
    text =
      inputs.weightedMean === null
        ? 'No weighted reviews yet'
        : `${formatNumber(inputs.reviewCount)} ${inputs.reviewCount === 1 ? 'review' : 'reviews'}, weighted mean ${inputs.weightedMean.toFixed(2)} of 5`;
  }
  if (partKey === 'verification') text = inputs.verified ? 'Verified listing' : 'Not verified';
  if (partKey === 'adjustment') text = 'Rounding and the 0–100 limit';
  return text ? <span className="block text-xs text-slate-600">{text}</span> : null;
}
