import type { MantineTheme } from '@mantine/core';
import uPlot from 'uplot';
import { money } from '../../lib/format';
import type { BalancePoint } from './balance-chart';

/**
 * Draws the step line of `points` in `target` and redraws it when the box is resized; returns
 * what removes it. A chunk of its own with uPlot, loaded after the page has painted
 * (balance-chart.tsx, issue 22).
 */
export function drawChart(
  target: HTMLDivElement,
  points: BalancePoint[],
  theme: MantineTheme,
  dark: boolean,
  height: number,
): () => void {
  const axis = {
    stroke: dark ? theme.colors.gray[3] : theme.colors.gray[8],
    grid: { stroke: dark ? theme.colors.dark[4] : theme.colors.gray[2] },
    ticks: { show: false },
  };
  const chart = new uPlot(
    {
      width: target.clientWidth || 600,
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [axis, { ...axis, size: 80, values: (_u, splits) => splits.map(money) }],
      series: [
        {},
        {
          label: 'Balance',
          stroke: dark ? theme.colors.blue[4] : theme.colors.blue[8],
          width: 2,
          paths: uPlot.paths.stepped!({ align: 1 }),
          points: { show: points.length <= 40 },
        },
      ],
    },
    [points.map((p) => p.time), points.map((p) => p.balance)],
    target,
  );
  const resize = new ResizeObserver(() => chart.setSize({ width: target.clientWidth, height }));
  resize.observe(target);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
