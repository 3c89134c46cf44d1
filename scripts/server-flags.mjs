// Node flags of the production server, shared by npm start and the benchmarks so both measure the same process.
// A smaller young generation keeps the resident set well under the 250 MB budget at full load.
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=8'];
