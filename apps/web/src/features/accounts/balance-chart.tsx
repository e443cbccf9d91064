import { useEffect, useId, useRef } from 'react';
import { Paper, Text, Title, useComputedColorScheme, useMantineTheme } from '@mantine/core';
// uPlot's stylesheet (small) comes with the page, beside its script, not after the chart's code
// (balance-chart-canvas.ts), which is asked for once the page has painted: the page's own files
// then all start at once (issue 22).
import 'uplot/dist/uPlot.min.css';
import type { Transaction } from '@bank/shared';
import { formatDate, money } from '../../lib/format';
import { uiText } from '../../lib/ui-text';

export interface BalancePoint {
  /** MM/DD/YYYY, the day as the product shows dates. */
  date: string;
  /** Unix seconds of the day's last posting, for the chart's time axis. */
  time: number;
  balance: number;
}

/** The balance at the end of each day with posted history, oldest first. */
export function balancePoints(transactions: Transaction[]): BalancePoint[] {
  const posted = transactions
    .filter((t) => t.status === 'posted' && t.postedDate && t.accountBalance !== null)
    .sort((a, b) => (a.postedDate! < b.postedDate! ? -1 : a.postedDate! > b.postedDate! ? 1 : a.id - b.id));
  const byDay = new Map<string, BalancePoint>();
  for (const t of posted) {
    const date = formatDate(t.postedDate);
    byDay.set(date, {
      date,
      time: Math.floor(new Date(t.postedDate!).getTime() / 1000),
      balance: t.accountBalance!,
    });
  }
  return [...byDay.values()];
}

/** What the chart shows, in words: for screen readers, and for anyone who prefers text. */
export function balanceSummary(points: BalancePoint[]): string {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const balances = points.map((p) => p.balance);
  return uiText.balanceSummary({
    from: `${money(first.balance)} on ${first.date}`,
    to: `${money(last.balance)} on ${last.date}`,
    days: points.length,
    lowest: money(Math.min(...balances)),
    highest: money(Math.max(...balances)),
  });
}

/** jsdom (component tests) has no canvas: the chart's text stays, the drawing is skipped. */
function canvasAvailable(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

const HEIGHT = 220;

/** After the frame that shows the page has been presented: two frames and a moment more. */
const PRESENTED_MS = 100;

/**
 * Runs `work` when the browser is idle after it has shown the page (at the latest a second
 * later); returns a cancel. An idle callback alone, or after two animation frames, can run just
 * before the frame that shows the page is presented on screen, and uPlot's download then counts as
 * part of the page (docs/perf/phone-pages.md, third pass).
 */
function afterPaint(work: () => void): () => void {
  let cancel = () => undefined as void;
  let frame = window.requestAnimationFrame(() => {
    frame = window.requestAnimationFrame(() => {
      const timer = window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') {
          const id = window.requestIdleCallback(work, { timeout: 1000 });
          cancel = () => window.cancelIdleCallback(id);
        } else work();
      }, PRESENTED_MS);
      cancel = () => window.clearTimeout(timer);
    });
  });
  return () => {
    window.cancelAnimationFrame(frame);
    cancel();
  };
}

/** The step line itself, drawn by uPlot on a canvas; the figure around it carries the words. */
function StepChart({
  points,
  label,
  describedBy,
}: {
  points: BalancePoint[];
  label: string;
  describedBy: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();
  // The canvas takes no CSS variables: its colours follow the theme here.
  const dark = useComputedColorScheme('light') === 'dark';
  useEffect(() => {
    const target = box.current;
    if (!target || !canvasAvailable()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const draw = async () => {
      const { drawChart } = await import('./balance-chart-canvas');
      // Evaluating uPlot and drawing are two tasks, not one long one on a phone (issue 22).
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!cancelled) stop = drawChart(target, points, theme, dark, HEIGHT);
    };
    // Drawn once the page has painted (issue 22): on a phone the canvas is a noticeable part of
    // the task that shows the account, and nothing on it is the page's first words. uPlot is
    // downloaded then too, not before the page. The box keeps the chart's
    // height meanwhile, so nothing below it moves.
    const cancel = afterPaint(() => void draw());
    return () => {
      cancelled = true;
      cancel();
      stop?.();
    };
  }, [points, theme, dark]);
  // role="img" makes the canvas one picture with a name; nothing inside takes keyboard focus.
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      style={{ minHeight: HEIGHT }}
    />
  );
}

/** Beyond the spec: the posted balance over time, from the rows loaded so far. */
export function BalanceChart({ transactions }: { transactions: Transaction[] }) {
  const data = balancePoints(transactions);
  const titleId = useId();
  const summaryId = useId();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm" id={titleId}>
        Balance over time
      </Title>
      {data.length < 2 ? (
        <Text c="dimmed" size="sm">
          A chart appears once the account has posted transactions on two or more days.
        </Text>
      ) : (
        <figure aria-labelledby={titleId} style={{ margin: 0 }}>
          <StepChart points={data} label={uiText.balanceChartLabel} describedBy={summaryId} />
          <Text component="figcaption" id={summaryId} c="dimmed" size="sm" mt="xs">
            {balanceSummary(data)}
          </Text>
        </figure>
      )}
    </Paper>
  );
}
