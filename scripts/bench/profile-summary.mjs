// Where a process spent its CPU, from the .cpuprofile files `node --cpu-prof` wrote: self time by
// package (node_modules/<name>, the app's own code, Node's internals, garbage collection, idle)
// and the functions that took most of it. Used by `npm run bench:race -- --profile`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The area a function's source belongs to. */
function areaOf(url, functionName) {
  if (functionName === '(garbage collector)') return '(gc)';
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/.next/')) return 'app (.next)';
  if (url.includes('/scripts/local-firebase/')) return 'scripts/local-firebase';
  return path.basename(url);
}

/**
 * Self milliseconds per area and per function of one profile, counting only the samples taken
 * within `windows` ([start, end] pairs in µs of the monotonic clock) when given.
 */
function selfTimes(profile, windows) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (windows && !windows.some(([start, end]) => at >= start && at <= end)) return;
    self.set(id, (self.get(id) ?? 0) + delta / 1000);
  });
  const areas = new Map();
  const functions = new Map();
  let total = 0;
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    const area = areaOf(callFrame.url, callFrame.functionName);
    if (area !== '(idle)') total += ms;
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const name = `${callFrame.functionName || '(anonymous)'} ${area}:${callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  return { areas, functions, total };
}

function top(map, count) {
  return [...map]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
}

/**
 * A few lines per profile found under `dir` (one folder per process name); with `windows` (see
 * selfTimes), only what ran within them.
 */
export function summarizeProfiles(dir, { areas = 8, functions = 8, windows } = {}) {
  const lines = [];
  for (const name of readdirSync(dir).sort()) {
    const folder = path.join(dir, name);
    let files;
    try {
      files = readdirSync(folder).filter((file) => file.endsWith('.cpuprofile'));
    } catch {
      continue;
    }
    for (const file of files) {
      const summary = selfTimes(JSON.parse(readFileSync(path.join(folder, file), 'utf8')), windows);
      if (summary.total < 50) continue;
      lines.push(`${name} (${file.split('.')[1] ?? ''}): ${Math.round(summary.total)} ms CPU`);
      lines.push(
        `  by area: ${top(summary.areas, areas)
          .map(([area, ms]) => `${area} ${Math.round((100 * ms) / summary.total)}%`)
          .join(', ')}`,
      );
      for (const [fn, ms] of top(summary.functions, functions)) {
        lines.push(`    ${Math.round(ms)} ms  ${fn}`);
      }
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  console.log(summarizeProfiles(process.argv[2] ?? '.bench-profiles'));
}
