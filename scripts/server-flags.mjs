// Node flags and environment of the production server, shared by npm start and the benchmarks so both
// measure the same process (decision 0012).
// A smaller young generation makes V8 collect more often and keeps its part of the resident set small.
// The old generation is not capped (a cap would end the process at the first larger catalogue); it
// may grow by a tenth of what is live before a full collection instead of V8's default of up to
// twice, which under a long-tail read load left a hundred MB of garbage resident (npm run bench at
// 100,000 agents: peak RSS 359 -> 276 MB with these two flags, same throughput). The memory that grew under image uploads was
// sharp's, outside the V8 heap; the image queue bounds that (npm run bench:uploads).
export const serverNodeFlags = [
  '--enable-source-maps',
  '--max-semi-space-size=2',
  '--heap-growing-percent=10',
];

// glibc gives each thread that allocates its own malloc arena (up to 8 per core) and keeps freed memory
// in each: libvips decodes on worker threads, so every image left tens of MB behind in another arena.
// Two arenas keep what one decode frees for the next one. A value set by the operator wins.
export const serverEnv = { MALLOC_ARENA_MAX: '2' };
