/**
 * npx tsx bench/probes-compare.ts <probes-results.json>…: the figures of `npm run bench:probes` runs side
 * by side, CPU per probe included for results written before the bench counted it (then the reads the
 * server answered during the round are estimated from the windows: the round's windows, one more that
 * ran past its end and the 3 s warm-up). Used to set a run of an older commit next to today's.
 */
import fs from 'node:fs';

interface Results {
  windowS: number;
  loadAverage?: { before: string; after: string };
  round: {
    syncToLastS: number;
    endpointsPerSecond: number;
    probeResults: number;
    fakeRequestsPerProbe: number;
    latencyMs: { p50: number; p99: number };
    cpuSeconds: { serverS: number; elsewhereS: number };
    readRequests?: number;
    inFlight: { mean: number; fewShare: number };
  };
  reads: {
    probing: { perWindow: Array<{ reqPerSec: number }> };
    probesOff: { perWindow: Array<{ reqPerSec: number }>; cpuSeconds: { serverS: number } };
    ratio: { reqPerSec: number };
    pacedRatio: { reqPerSec: number };
  };
}

const WARMUP_S = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const round2 = (value: number) => Math.round(value * 100) / 100;

for (const file of process.argv.slice(2)) {
  const results = JSON.parse(fs.readFileSync(file, 'utf8')) as Results;
  const { round, reads, windowS } = results;
  const during = reads.probing.perWindow.map((window) => window.reqPerSec);
  const off = reads.probesOff.perWindow.map((window) => window.reqPerSec);
  const estimated = sum(during) * windowS + median(during) * (windowS + WARMUP_S);
  const offReads = sum(off) * windowS + median(off) * WARMUP_S;
  const perReadS = reads.probesOff.cpuSeconds.serverS / offReads;
  const readsS = (round.readRequests ?? estimated) * perReadS;
  console.log(
    file,
    JSON.stringify(
      {
        loadAverage: results.loadAverage ?? null,
        roundS: round.syncToLastS,
        endpointsPerSecond: round.endpointsPerSecond,
        probes: round.probeResults,
        requestsPerProbe: round.fakeRequestsPerProbe,
        latencyMs: round.latencyMs,
        inFlight: round.inFlight,
        serverCpuS: round.cpuSeconds.serverS,
        elsewhereCpuS: round.cpuSeconds.elsewhereS,
        readRequests: round.readRequests ?? `~${Math.round(estimated)} (estimated)`,
        readMs: round2(perReadS * 1000),
        cpuPerProbeMs: {
          gross: round2((round.cpuSeconds.serverS * 1000) / round.probeResults),
          net: round2(((round.cpuSeconds.serverS - readsS) * 1000) / round.probeResults),
        },
        readsFlatOutOverOff: reads.ratio.reqPerSec,
        readsPacedOverOff: reads.pacedRatio.reqPerSec,
      },
      null,
      2,
    ),
  );
}
