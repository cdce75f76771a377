// The console table of one scenario result.

const fixed = (value, digits) => (value === null || value === undefined ? 'n/a' : value.toFixed(digits));
const grouped = (value) =>
  value === null ? 'n/a' : value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function printResult(result) {
  const { settings, portal, peer, ratios } = result;
  const lines = [
    '',
    `${result.scenario}: ${settings.connections} connections, ${settings.seconds} s measured after ${settings.warmupSeconds} s warm-up, client ${result.client}`,
    `terms ${result.request.loadTerms.map((t) => JSON.stringify(t)).join(' ')} in turn; ${result.machine.cpus} CPUs, Node ${result.machine.node}, PostgreSQL ${result.machine.postgres}, load average at start ${result.machine.loadAverage1mAtStart}`,
    '',
  ];
  const header = ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'requests', 'server CPU'];
  const rows = [
    ['portal', portal],
    ['peer', peer],
  ].map(([label, r]) => [
    label,
    grouped(r.requestsPerSecond),
    fixed(r.latencyMs.p50, 2),
    fixed(r.latencyMs.p99, 2),
    String(r.errors),
    String(r.requests),
    r.serverCpuPercent === null ? 'n/a' : `${fixed(r.serverCpuPercent, 0)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const format = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  lines.push(format(header), format(widths.map((w) => '-'.repeat(w))), ...rows.map(format));
  lines.push(
    '',
    `portal/peer: throughput ${fixed(ratios.throughputPortalToPeer, 2)}x, p50 latency ${fixed(ratios.p50PortalToPeer, 2)}x, p99 latency ${fixed(ratios.p99PortalToPeer, 2)}x`,
    '',
  );
  process.stdout.write(lines.join('\n'));
}
