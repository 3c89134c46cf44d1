// Node flags of the production server, shared by npm start and the benchmarks so both measure the same process.
// A smaller young generation and an old generation capped at 160 MB make V8 collect before the resident set
// reaches the 250 MB budget: at 100,000 agents the live heap stays near 40 MB (node --trace-gc), so the cap
// leaves four times that as headroom.
export const serverNodeFlags = [
  '--enable-source-maps',
  '--max-semi-space-size=8',
  '--max-old-space-size=160',
];
