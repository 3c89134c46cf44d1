// Node flags and environment of the production server, shared by npm start and the benchmarks so both
// measure the same process (decision 0012).
// A smaller young generation makes V8 collect more often and keeps its part of the resident set small.
// The old generation is not capped: the memory that grew under load was sharp's, outside the V8 heap,
// where a heap cap cannot reach; the image queue bounds that instead (npm run bench:uploads).
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=8'];

// glibc gives each thread that allocates its own malloc arena (up to 8 per core) and keeps freed memory
// in each: libvips decodes on worker threads, so every image left tens of MB behind in another arena.
// Two arenas keep what one decode frees for the next one. A value set by the operator wins.
export const serverEnv = { MALLOC_ARENA_MAX: '2' };
