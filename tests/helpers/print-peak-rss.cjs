/**
 * Preloaded (`node --require`) into a command a test measures: prints the process's peak resident
 * memory as its last line of stderr, `peak-rss-kb <n>`, however it exits.
 */
process.on('exit', () => process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`));
