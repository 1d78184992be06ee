/**
 * The membership workflow as a diagram: express interest -> review -> acceptance -> monthly fee
 * (1st-25th) -> mentorship, community and optional algorithm testing. Inline SVG in two layouts,
 * a row for wide screens and a column for phones (CSS shows one), with a text alternative.
 */
import { useId } from 'react';
import { TERMS } from '../lib/membership-terms';
import './membership-workflow.css';

const STEPS = [
  { title: 'Express interest', text: 'Fill out the membership interest form' },
  { title: 'Review', text: 'We review every application' },
  { title: 'Acceptance', text: 'Accepted members take one of the limited slots' },
  {
    title: 'Monthly fee',
    text: `Due ${TERMS.dueFrom} to ${TERMS.dueBy} each month; unpaid by the ${TERMS.dueBy}: cancelled, slot reopens`,
  },
  { title: 'Membership', text: 'Mentorship, private community and optional algorithm testing' },
] as const;

export const WORKFLOW_ALT =
  'Membership workflow in five steps. 1: express interest by filling out the interest form. 2: we review your application. ' +
  '3: accepted members take one of the limited slots. ' +
  `4: pay the monthly fee between the ${TERMS.dueFrom} and the ${TERMS.dueBy}; unpaid by the ${TERMS.dueBy}, the membership is cancelled and the slot reopens. ` +
  '5: mentorship, the private community and optional algorithm testing.';

/** Greedy word wrap to lines of at most `max` characters (SVG text does not wrap by itself). */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

interface Layout {
  direction: 'row' | 'column';
  boxWidth: number;
  gap: number;
  maxChars: number;
}

const LINE = 19;
const PAD = 16;
const HEAD = 46;

function Diagram({ layout, labelId }: { layout: Layout; labelId: string }) {
  const titleId = `${labelId}-${layout.direction}`;
  const wrapped = STEPS.map((step) => wrapWords(step.text, layout.maxChars));
  const boxHeight = HEAD + Math.max(...wrapped.map((lines) => lines.length)) * LINE + PAD / 2;
  const row = layout.direction === 'row';
  const step = (row ? layout.boxWidth : boxHeight) + layout.gap;
  const width = row ? PAD * 2 + STEPS.length * step - layout.gap : layout.boxWidth + PAD * 2;
  const height = row ? boxHeight + PAD * 2 : PAD * 2 + STEPS.length * step - layout.gap;
  const origin = (i: number) => (row ? { x: PAD + i * step, y: PAD } : { x: PAD, y: PAD + i * step });

  return (
    <svg
      className={`workflow-diagram workflow-${layout.direction}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={titleId}
    >
      <title id={titleId}>{WORKFLOW_ALT}</title>
      <defs>
        <marker
          id={`${titleId}-arrow`}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 z" className="workflow-arrowhead" />
        </marker>
      </defs>
      {STEPS.map((s, i) => {
        const { x, y } = origin(i);
        const next = i < STEPS.length - 1 ? origin(i + 1) : null;
        return (
          <g key={s.title}>
            <rect
              x={x}
              y={y}
              width={layout.boxWidth}
              height={boxHeight}
              rx="12"
              className={i === STEPS.length - 1 ? 'workflow-box workflow-box-final' : 'workflow-box'}
            />
            <circle cx={x + 26} cy={y + 26} r="14" className="workflow-number" />
            <text x={x + 26} y={y + 31} textAnchor="middle" className="workflow-number-text">
              {i + 1}
            </text>
            <text x={x + 48} y={y + 32} className="workflow-title">
              {s.title}
            </text>
            <text x={x + PAD} y={y + HEAD + 12} className="workflow-text">
              {wrapped[i]!.map((line, n) => (
                <tspan key={n} x={x + PAD} dy={n === 0 ? 0 : LINE}>
                  {line}
                </tspan>
              ))}
            </text>
            {next &&
              (row ? (
                <line
                  x1={x + layout.boxWidth + 3}
                  y1={y + boxHeight / 2}
                  x2={next.x - 3}
                  y2={y + boxHeight / 2}
                  className="workflow-arrow"
                  markerEnd={`url(#${titleId}-arrow)`}
                />
              ) : (
                <line
                  x1={x + layout.boxWidth / 2}
                  y1={y + boxHeight + 3}
                  x2={x + layout.boxWidth / 2}
                  y2={next.y - 3}
                  className="workflow-arrow"
                  markerEnd={`url(#${titleId}-arrow)`}
                />
              ))}
          </g>
        );
      })}
    </svg>
  );
}

const ROW: Layout = { direction: 'row', boxWidth: 196, gap: 34, maxChars: 22 };
const COLUMN: Layout = { direction: 'column', boxWidth: 328, gap: 30, maxChars: 38 };

export function MembershipWorkflow() {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <figure className="membership-workflow">
      <Diagram layout={ROW} labelId={id} />
      <Diagram layout={COLUMN} labelId={id} />
    </figure>
  );
}
